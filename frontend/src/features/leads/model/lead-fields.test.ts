import { describe, expect, it } from 'vitest';
import { byFieldOrder, challengeAnswers, fieldLabel, humanLabel, leadDetails } from './lead-fields';

describe('field labels', () => {
  it.each([
    ['companyName', 'Company'],
    ['yourName', 'Name'],
    ['email', 'Email'],
    ['phone', 'Phone'],
    ['howCanWeHelp', 'How can we help?'],
    ['howManyUsers', 'How many users'],
    ['yearsInBusiness', 'Years in business'],
    ['claimsPerMonth', 'Claims per month'],
    ['currentSoftware', 'Current software'],
    ['aboutProducts', 'Products'],
    ['timestamp', 'Sent at'],
    ['source', 'Sent from'],
    ['jobTitle', 'Job title'],
    ['currentChallenges', 'Current challenges'],
  ])('name every field the forms send: %s is "%s"', (key, label) => {
    expect(fieldLabel(key)).toBe(label);
  });

  it.each([
    ['preferredContactTime', 'Preferred contact time'],
    ['utm_campaign', 'Utm campaign'],
    ['page-url', 'Page url'],
    ['NPI', 'Npi'],
    ['x', 'X'],
    // Object.prototype's names are fields like any other.
    ['constructor', 'Constructor'],
  ])('read a field no label names as words: %s is "%s"', (key, label) => {
    expect(fieldLabel(key)).toBe(label);
    expect(humanLabel(key)).toBe(label);
  });

  it('keep a key that has no words as it is', () => {
    expect(humanLabel('__')).toBe('__');
  });
});

describe('leadDetails', () => {
  it('shows each answer once, in form order, unknown fields last, without empty answers', () => {
    const details = leadDetails([
      ['utmSource', 'newsletter'],
      ['aboutProducts', ' Oxygen '],
      ['howCanWeHelp', 'Denials'],
      ['currentSoftware', ''],
      ['howCanWeHelp', 'a second copy'],
      ['nested', { a: 1 }],
      ['consented', true],
    ]);
    expect(details.map((detail) => [detail.label, detail.value])).toEqual([
      ['How can we help?', 'Denials'],
      ['Products', 'Oxygen'],
      ['Utm source', 'newsletter'],
      ['Consented', 'true'],
    ]);
  });

  it('leaves out what the dialog shows above the details, and what no one should see', () => {
    const shownElsewhere = ['companyName', 'yourName', 'email', 'phone', 'timestamp'];
    const secret = ['recaptchaToken', 'captchaToken', 'website', 'honeypot'];
    expect(leadDetails([...shownElsewhere, ...secret].map((key) => [key, 'x']))).toEqual([]);
  });

  it('orders export columns the same way', () => {
    expect(byFieldOrder(['zeta', 'source', 'alpha', 'howCanWeHelp', 'zeta'])).toEqual([
      'howCanWeHelp',
      'source',
      'zeta',
      'alpha',
    ]);
  });
});

describe('challengeAnswers', () => {
  it("splits the whitepaper form's combined text into the contact form's fields", () => {
    expect(
      challengeAnswers(
        'How can we help: Audit prep\nand appeals\nClaims per month: 1,400\nCurrent software: Brightree\nProducts: CPAP',
      ),
    ).toEqual([
      ['howCanWeHelp', 'Audit prep\nand appeals'],
      ['claimsPerMonth', '1,400'],
      ['currentSoftware', 'Brightree'],
      ['aboutProducts', 'CPAP'],
    ]);
  });

  it('keeps text before the labels, and a label said twice, inside the answers', () => {
    expect(challengeAnswers('Backlog\r\nProducts: beds\nProducts: chairs')).toEqual([
      ['currentChallenges', 'Backlog'],
      ['aboutProducts', 'beds\nProducts: chairs'],
    ]);
    expect(challengeAnswers('Prior authorization backlog')).toEqual([
      ['currentChallenges', 'Prior authorization backlog'],
    ]);
  });
});
