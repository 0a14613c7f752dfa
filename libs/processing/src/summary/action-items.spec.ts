import { isDecision, isPrinciple, recogniseActionItem } from './action-items';

const people = ['Tom Baker', 'Anna', 'Priya Shah'];

describe('recogniseActionItem', () => {
  it('gives a request addressed by first name to that participant, with the due phrase apart', () => {
    expect(recogniseActionItem({ text: 'Tom, please write the migration plan by Friday.', speaker: 'Anna' }, people)).toEqual({ text: 'write the migration plan', owner: 'Tom Baker', due: 'by Friday' });
  });

  it('gives "I\'ll send…" to its speaker, and no owner when the speaker is no participant', () => {
    expect(recogniseActionItem({ text: "I'll send the slides tomorrow.", speaker: 'Anna' }, people)).toEqual({ text: 'send the slides', owner: 'Anna', due: 'tomorrow' });
    expect(recogniseActionItem({ text: "I'll send the slides.", speaker: null }, people)).toEqual({ text: 'send the slides', owner: null, due: null });
  });

  it('gives a named commitment ("Priya will review…") to the participant named', () => {
    expect(recogniseActionItem({ text: 'Priya will review the data model before the next meeting.', speaker: 'Tom Baker' }, people)).toEqual({ text: 'review the data model', owner: 'Priya Shah', due: 'before the next meeting' });
  });

  it('keeps an owner null when the name is nobody in the meeting', () => {
    expect(recogniseActionItem({ text: 'Marco, please book the room.', speaker: 'Anna' }, people)).toBeNull();
    expect(recogniseActionItem({ text: 'Action item: book the room by Monday', speaker: null }, people)).toEqual({ text: 'book the room', owner: null, due: 'by Monday' });
  });

  it('does not take an opinion or a promise of nothing for an action item', () => {
    expect(recogniseActionItem({ text: "I'll be honest, the design is weak.", speaker: 'Anna' }, people)).toBeNull();
    expect(recogniseActionItem({ text: 'We should think about pricing.', speaker: 'Anna' }, people)).toBeNull();
    expect(recogniseActionItem({ text: 'We need to send the contract by the end of the week.', speaker: 'Anna' }, people)).toEqual({ text: 'send the contract', owner: null, due: 'by the end of the week' });
  });
});

describe('isDecision and isPrinciple', () => {
  it('recognises decisions by how they are said', () => {
    expect(isDecision('We decided to keep the yellow case.')).toBe(true);
    expect(isDecision('The mobile launch moves to August 15.')).toBe(true);
    expect(isDecision('Billing migrates in September.')).toBe(true);
    expect(isDecision('Decision: the API stays read-only')).toBe(true);
    expect(isDecision('Should we move to August?')).toBe(false);
    expect(isDecision('We now move to Mrs. Gill.')).toBe(false);
  });

  it('recognises stated principles, not every "always"', () => {
    expect(isPrinciple('We should never migrate billing during a launch week.')).toBe(true);
    expect(isPrinciple("It's important to keep the remote simple.")).toBe(true);
    expect(isPrinciple('It always started in the silence state.')).toBe(false);
  });
});
