/**
 * Sentence templates of the two-hour Q3 planning offsite. `{slot}` values are filled from PLANNING_SLOTS;
 * `{feature2}` is always a different feature than `{feature}` in the same sentence.
 */
export interface PlanningPhase {
  name: string;
  /** Share of the meeting's segments. */
  share: number;
  /** Index into the meeting's speakers of who leads this part. */
  lead: number;
  /** Said once, in order, by the lead when the phase opens. */
  script: string[];
  /** The discussion: drawn without repeats until all were used, then reshuffled. */
  templates: string[];
  /** A round table: after the script, the others answer in turn instead of the lead. */
  roundTable?: boolean;
}

export const PLANNING_SLOTS: Record<string, readonly string[]> = {
  feature: ['audit logs', 'single sign-on', 'SCIM provisioning', 'search ranking', 'offline mode', 'the public API v2', 'the mobile app', 'admin reports', 'data residency', 'the templates gallery', 'webhooks', 'the CRM sidebar'],
  customer: ['Initech', 'Umbrella Corp', 'Hooli Labs', 'Pied Piper', 'Aviato', 'Soylent', 'Wonka Industries', 'Stark Logistics'],
  team: ['platform', 'mobile', 'search', 'growth', 'design', 'support'],
  metric: ['weekly active teams', 'activation', 'net revenue retention', 'time to first summary', 'search success rate', 'support ticket volume'],
  month: ['July', 'August', 'September'],
  person: ['Ada', 'Grace', 'Margaret', 'Katherine'],
};

export const PLANNING_PHASES: PlanningPhase[] = [
  {
    name: 'opening',
    share: 0.04,
    lead: 0,
    roundTable: true,
    script: [
      'Good morning everyone, thanks for blocking the whole morning for this.',
      'The goal is to leave this room with a plan for Q3 that we all believe in.',
      'We have two hours, with a short break in the middle.',
      'First last quarter, then customer feedback, then the candidates, capacity, risks and decisions.',
      'Please be blunt today, it is cheaper to disagree now than in August.',
      'Before Katherine starts, a quick round, what would make today a success for you?',
    ],
    templates: [
      'For me today is a success if we agree on {feature}.',
      'I mostly want clarity on {feature} and {feature2}.',
      'My worry going in is the capacity on the {team} team.',
      'I want us to stop carrying {feature2} from quarter to quarter.',
      'Honestly, a realistic plan, last quarter we overcommitted.',
      'I would like one clear answer for {customer} about {feature}.',
    ],
  },
  {
    name: 'review',
    share: 0.15,
    lead: 4,
    script: ['Thanks Ada. I will start with the numbers for last quarter.'],
    templates: [
      '{metric} went up {percent} percent over the quarter.',
      'The biggest driver of {metric} was {feature}, no question.',
      '{feature} shipped {weeks} weeks later than planned.',
      'We closed {count} enterprise deals, {customer} being the largest.',
      'Churn was concentrated in teams under five seats.',
      'If I split {metric} by plan, the business plan carries most of the growth.',
      'The {team} team delivered everything they committed to.',
      'We missed the target for {metric} by about {percent} percent.',
      'This chart shows {metric} week by week, the dip is the holiday period.',
      'Two of the nine roadmap items slipped, both because of hiring.',
    ],
  },
  {
    name: 'customers',
    share: 0.15,
    lead: 1,
    script: ['Thanks Katherine. Now what customers told us this quarter.'],
    templates: [
      '{customer} asked again about {feature} in their last call.',
      'Three of the last five enterprise calls mentioned {feature}.',
      '{customer} told us they would expand by {count} seats if we had {feature}.',
      'Small teams mostly ask for {feature} and a cheaper plan.',
      'Support tickets about {feature} doubled this quarter.',
      '{customer} is at risk if {feature} slips again.',
      'Nobody has asked for {feature2} in a sales call this quarter.',
      'The interviews all say the same thing, search has to be instant.',
      'I have quotes from {customer} that I will put in the doc.',
      'Procurement at {customer} blocks anything without {feature}.',
    ],
  },
  {
    name: 'candidates',
    share: 0.2,
    lead: 0,
    script: ['So, the candidates for Q3. I put twelve on the board, we will not do twelve.'],
    templates: [
      'My proposal is to rank {feature} above {feature2}.',
      '{feature} is about {weeks} weeks for the {team} team.',
      'What is the smallest version of {feature} that a customer would pay for?',
      'If we take {feature}, then {feature2} moves to next quarter.',
      'I would like to see a design spike on {feature} before we commit.',
      '{feature} depends on the {team} team finishing the migration.',
      'Let us score each candidate on demand, effort and strategic fit.',
      '{feature} scores high on demand but the effort is uncertain.',
      'I would cut {feature2} entirely, it does not move {metric}.',
      'Can we ship {feature} to {customer} first as a design partner?',
    ],
  },
  {
    name: 'capacity',
    share: 0.15,
    lead: 2,
    script: [],
    templates: [
      'The {team} team has {count} engineers and about {percent} percent goes to maintenance.',
      'Two backend hires would land in {month} at the earliest.',
      'On-call load on the {team} team is the real constraint.',
      'We can borrow one engineer from {team} for {weeks} weeks.',
      'If we stop the {feature2} work, that frees about {count} engineer weeks.',
      'Realistically we have capacity for three big items, not five.',
      'The migration eats {percent} percent of platform time until {month}.',
      'Design is the bottleneck for {feature}, not engineering.',
    ],
  },
  {
    name: 'risks',
    share: 0.12,
    lead: 3,
    script: ['Let me go through the risks, starting with the ones that worry me most.'],
    templates: [
      'The biggest risk for {feature} is scope creep.',
      'If {customer} churns, we lose about {percent} percent of net new revenue.',
      'We depend on a vendor for {feature}, which is a risk for the timeline.',
      'Mitigation is a fixed first milestone by the end of {month}.',
      'Security review for {feature} could take {weeks} weeks on its own.',
      'Another risk is that {metric} stalls while we focus on enterprise.',
      'We should name an owner for each risk, not just list them.',
    ],
  },
  {
    name: 'decisions',
    share: 0.12,
    lead: 0,
    script: ['Okay, time to decide. I will propose, you object.'],
    templates: [
      'So we commit to {feature}, owned by the {team} team.',
      '{feature2} stays a spike, one engineer, {weeks} weeks.',
      'Decision, {feature2} is out of scope for this quarter.',
      '{person} owns the first milestone for {feature}.',
      'We review progress at mid-quarter with the numbers.',
      'The first milestone for {feature} is a beta with {customer} in {month}.',
      'Success for {feature} means {metric} up {percent} percent by the end of the quarter.',
    ],
  },
  {
    name: 'wrap-up',
    share: 0.05,
    lead: 0,
    script: ['Let me read back the decisions to make sure we agree.', 'Does anyone disagree strongly with any of this?'],
    templates: [
      '{person} owns the write-up for {feature}.',
      'Action item for the {team} team, an estimate for {feature} by Friday.',
      'I will set up a follow-up with {customer} about {feature}.',
      'Each owner please send a one-page plan by Friday.',
      'Can we make sure {customer} hears about {feature2} from us first?',
      'I will write the decision log today and share it with the whole company.',
    ],
  },
];

/** What the others say while someone leads: questions, agreement, pushback, and the odd `{slot}`. */
export const PLANNING_INTERJECTIONS = [
  'Agreed.',
  'Yes.',
  'Right.',
  'Okay.',
  'That is fair.',
  'Can you put a number on that?',
  'How confident are we in that estimate?',
  'I am not sure about that, {feature} feels bigger to me.',
  'That matches what {customer} told us.',
  'Let me add one thing about {feature}.',
  'From the {team} side that sounds feasible.',
  'I would push back a little on that.',
  'Can we write that down as an open question?',
  'Sorry, can you repeat the last number?',
  'Do we have data for that or is it a feeling?',
  'What happens to {feature2} then?',
  'I like that, it is simple.',
];
