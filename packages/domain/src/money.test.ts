import { describe, expect, it } from 'vitest';
import { capMonth } from './admin.js';
import { canSeeBalance, formatPounds, MAX_TOP_UP_PENCE, MONEY_MESSAGES, parseTopUpPounds } from './money.js';
import { findPlan, PLAN_MESSAGES, planFee, planPerks, planPriceLabel } from './plans.js';
import { priceLetterPost, priceSms } from './prices.js';
import { smsParts } from './sms.js';

describe('who sees the balance (issue 24 item 7)', () => {
  it('everyone unless restricted, then only members with top_up', () => {
    expect(canSeeBalance(false, [])).toBe(true);
    expect(canSeeBalance(null, new Set(['see_letters']))).toBe(true);
    expect(canSeeBalance(true, new Set(['see_letters', 'send_letter']))).toBe(false);
    expect(canSeeBalance(true, ['top_up'])).toBe(true);
  });
  it('says the balance is too low without the figure to those who may not see it', () => {
    expect(MONEY_MESSAGES.insufficientFunds(171, 81)).toContain('£0.81');
    const hidden = MONEY_MESSAGES.insufficientFunds(171, null);
    expect(hidden).toContain('£1.71');
    expect(hidden.match(/£/g)).toHaveLength(1);
    expect(PLAN_MESSAGES.insufficientFunds('Pro', '£79.00', '£0.81')).toContain('£0.81');
    expect(PLAN_MESSAGES.insufficientFunds('Pro', '£79.00', null).match(/£/g)).toHaveLength(1);
  });
});

describe('top-up amounts', () => {
  it('names the maximum it enforces', () => {
    expect(MONEY_MESSAGES.maximumTopUp).toContain(formatPounds(MAX_TOP_UP_PENCE));
  });
  it('takes pounds as people type them and refuses below 30p', () => {
    expect(parseTopUpPounds('25')).toEqual({ pence: 2500 });
    expect(parseTopUpPounds('£25.5')).toEqual({ pence: 2550 });
    expect(parseTopUpPounds('1,000.00')).toEqual({ pence: 100000 });
    expect(parseTopUpPounds('0.30')).toEqual({ pence: 30 });
    expect(parseTopUpPounds('0.29')).toEqual({ error: MONEY_MESSAGES.minimumTopUp });
    expect(parseTopUpPounds('')).toEqual({ error: MONEY_MESSAGES.minimumTopUp });
    expect(parseTopUpPounds('-5')).toHaveProperty('error');
    expect(parseTopUpPounds('2.505')).toHaveProperty('error');
    expect(parseTopUpPounds('ten')).toHaveProperty('error');
    expect(parseTopUpPounds(String(MAX_TOP_UP_PENCE / 100 + 1))).toEqual({ error: MONEY_MESSAGES.maximumTopUp });
  });
});

describe('monthly caps count by the UK calendar month', () => {
  it('puts 00:30 BST on 1 April in April and 23:30 GMT on 31 December in December', () => {
    expect(capMonth(new Date('2026-03-31T23:30:00Z'))).toBe('2026-04-01');
    expect(capMonth(new Date('2026-03-31T22:59:00Z'))).toBe('2026-03-01');
    expect(capMonth(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-01');
    expect(capMonth(new Date('2026-10-31T23:30:00Z'))).toBe('2026-10-01');
  });
});

describe('plans', () => {
  it('prices as the cards show them and lists the same perks on every card', () => {
    expect(planPriceLabel(0)).toBe('Free');
    expect(planPriceLabel('Call')).toBe('Call');
    expect(planPriceLabel(2900)).toBe('£29.00 / month');
    expect(planFee(findPlan('Enterprise')!)).toBe(0);
    const basic = planPerks(findPlan('Basic')!);
    const pro = planPerks(findPlan('Pro')!);
    expect(basic.map((p) => p.description)).toEqual(pro.map((p) => p.description));
    expect(basic.filter((p) => p.included).length).toBeLessThan(pro.filter((p) => p.included).length);
  });
});

describe('prices', () => {
  it('prices a letter by sheets, class and colour', () => {
    expect(priceLetterPost({ pages: 1, service: 'standard', color: false }).total).toBe(79);
    expect(priceLetterPost({ pages: 2, service: 'standard', color: false }).total).toBe(79);
    expect(priceLetterPost({ pages: 3, service: 'premium', color: true }).total).toBe(159 + 12 + 16);
    expect(priceLetterPost({ pages: 1, service: 'standard', color: false, addressSheet: true }).sheets).toBe(2);
    const large = priceLetterPost({ pages: 12, service: 'standard', color: false });
    expect(large).toMatchObject({ large: true, sheets: 6, total: 159 + 5 * 8 });
  });
  it('counts text message parts as phones do', () => {
    expect(smsParts('a'.repeat(160)).parts).toBe(1);
    expect(smsParts('a'.repeat(161)).parts).toBe(2);
    expect(smsParts('a'.repeat(306)).parts).toBe(2);
    expect(smsParts('a'.repeat(307)).parts).toBe(3);
    expect(priceSms('Your letter is ready')).toBe(6);
    // 71 characters with a curly quote: UCS-2, two parts, twice the price.
    expect(priceSms(`Your letter’s ready${'.'.repeat(52)}`)).toBe(12);
  });
});
