/**
 * Words that carry no topic, in the languages we detect most often (English, German, French, Spanish), plus
 * the fillers of spoken meetings ("yeah", "okay", "gonna"). Lower-case, as `terms()` produces them. Used by
 * the extractive summarizer and by tag suggestion; a word missing here only costs a little precision.
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  `
a about above after again against all almost also although always am among an and another any anybody anyone anything are aren't around as at
away back be became because become been before being below between both but by can can't cannot could couldn't did didn't do does doesn't doing
done don't down during each either else enough even ever every everybody everyone everything few for from further get gets getting go goes going
gone gonna got gotta had hadn't has hasn't have haven't having he he'd he'll her here here's hers herself he's him himself his how how's however
i i'd if i'll i'm in into is isn't it it'd it'll it's its itself i've just kind know knows last least less let let's like likely lot lots made
make makes making many may maybe me mean means might mine more most much must my myself need needs never new next no nobody none nor not nothing
now of off often oh ok okay on once one ones only onto or other others otherwise ought our ours ourselves out over own pretty quite rather
really right said same say saying says see seem seems shall she she'd she'll she's should shouldn't since so some somebody someone something
sometimes somewhat soon sort still such sure take taken tell than thank thanks that that's the their theirs them themselves then there there's
these they they'd they'll they're they've thing things think thinking this those though through thus to today together too took toward try
trying two under until up upon us use used uses using very via want wanted wants was wasn't way ways we we'd well we'll went were we're weren't
we've what what's whatever when where where's whether which while who whole who's whom whose why will with within without won't would wouldn't
yeah yes yet you you'd you'll your you're yours yourself yourselves you've um uh uhm hmm mm mhm hey hi hello guys stuff anyway actually basically
literally definitely probably totally exactly absolutely alright
aber alle allem allen aller alles als also am an ander andere anderem anderen anderer anderes anders auch auf aus bei bin bis bist da damit dann
das dass dein deine dem den denn der des dessen dich die dies diese diesem diesen dieser dieses dir doch dort du durch ein eine einem einen einer
eines er es etwas euch euer eure für gegen gewesen hab habe haben hat hatte hatten hier hin hinter ich ihm ihn ihnen ihr ihre im in indem ins
ist ja jede jedem jeden jeder jedes jetzt kann kein keine können könnte machen man manche mein meine mich mir mit muss musste nach nicht nichts
noch nun nur ob oder ohne schon sehr sein seine sich sie sind so solche soll sollte sondern sonst über um und uns unser unsere unter vom von
vor war waren warum was weil welche wenn wer werde werden wie wieder will wir wird wo wollen wurde würde zu zum zur zwar zwischen genau also halt
ach nein gut okay
au aux avec ce ces cette dans de des du elle elles en est et être eu il ils je la le les leur leurs lui ma mais me même mes moi mon ne nos notre
nous on ont ou où par pas pour qu que qui sa se ses son sont sur ta te tes toi ton tu un une vos votre vous c'est j'ai il y a été était donc
alors aussi bien comme fait faire peu plus très tout tous toute toutes ça oui non voilà bon bah ben euh
al algo como con de del el ella ellas ellos en es esa ese eso esta este esto están fue ha hay la las le les lo los me mi más muy no nos o para
pero por qué que se sea ser si sin sobre son su sus también te tiene tienen todo todos tu un una uno unos y ya yo está estamos vamos bueno
pues entonces sí vale
`
    .split(/\s+/)
    .filter((word) => word !== ''),
);
