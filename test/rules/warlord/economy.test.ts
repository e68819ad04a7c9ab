import { describe, expect, it } from 'vitest';
import {
  chargeInterest,
  each,
  ep,
  extraOrdersCost,
  gainEP,
  income,
  loanGranted,
  loanPayment,
  priceAllowed,
  purchasePrice,
  spendEP,
  supportFee,
  updatePrice,
  SUPPLY_DEMAND_DEFAULTS,
} from '../../../src/rules/warlord/economy.ts';
import { generateGalaxy } from '../../../src/rules/warlord/galaxy.ts';
import { defaultSettings } from '../../../src/rules/warlord/state.ts';

describe('Warlord economy (§7, §9)', () => {
  it('Warlord G1 starting funds: 300 of each resource plus 100 HO income is 400 EP; stock 31–35 allows a loan of at least 155', () => {
    const s = generateGalaxy({
      seed: 7,
      settings: defaultSettings({ width: 4, height: 4 }),
      corps: [{ id: 1, name: 'Alpha' }],
    });
    const corp = s.corps[0];
    expect(corp?.treasury).toEqual(each(300));
    const ho = s.sites.find((x) => x.homeOfficeOf === 1);
    expect(ho?.production).toEqual(each(100));
    expect(ho?.fort.forts).toBe(200);
    const funds = income(
      ho ? [{ where: 'HO', production: ho.production, devastated: false, raided: false, activeMoons: 0 }] : [],
      0,
    );
    expect(ep(gainEP(corp?.treasury ?? each(0), 0)) + ep(funds.adjustments)).toBe(400);
    expect(corp?.stock).toBeGreaterThanOrEqual(31);
    expect(corp?.stock).toBeLessThanOrEqual(35);
    expect(loanGranted(10_000, 0, 31)).toBe(155);
    expect(corp?.officerPool).toEqual(['A', 'M', 'S', 'N', 'E', 'D', 'W']);
    // One mobile Warp Gate at the HO (§1.5).
    expect(s.ships.filter((x) => x.owner === 1).map((x) => [x.typeId, x.at])).toEqual([['C-WG', ho?.at]]);
  });

  it('Warlord G2 EP is the minimum: 200/250/150/100 holds 100 EP; a 100-EP ship leaves 100/150/50/0 = 0 EP', () => {
    const t = { PE: 200, OR: 250, DC: 150, FP: 100 };
    expect(ep(t)).toBe(100);
    const after = spendEP(t, 100, '§7.1');
    expect(after.ok && after.value).toEqual({ PE: 100, OR: 150, DC: 50, FP: 0 });
    expect(after.ok && ep(after.value)).toBe(0);
    const refused = spendEP(t, 101, '§7.1');
    expect(refused.ok).toBe(false);
  });

  it('Warlord G3 income listing: 150/200/225/175 plus the six sites of §7.4 is 390/385/440/360, EP 150 → 360', () => {
    const site = (where: string, PE: number, OR: number, DC: number, FP: number) => ({
      where,
      production: { PE, OR, DC, FP },
      devastated: false,
      raided: false,
      activeMoons: 0,
    });
    const inc = income(
      [
        site('01-0114', 25, 30, 20, 35),
        site('02-0910', 100, 100, 100, 100),
        site('02-1103', 30, 55, 0, 25),
        site('02-1107', 0, 0, 95, 0),
        site('02-1210', 15, 0, 0, 0),
        site('02-1516', 70, 0, 0, 25),
      ],
      0,
    );
    expect(inc.adjustments).toEqual({ PE: 240, OR: 185, DC: 215, FP: 185 });
    const start = { PE: 150, OR: 200, DC: 225, FP: 175 };
    const total = { PE: start.PE + 240, OR: start.OR + 185, DC: start.DC + 215, FP: start.FP + 185 };
    expect(total).toEqual({ PE: 390, OR: 385, DC: 440, FP: 360 });
    expect([ep(start), ep(total)]).toEqual([150, 360]);
  });

  it('Warlord income: devastated (@) and raided (&) sites produce nothing; moons +1 EP each; +100 EP per full sector', () => {
    const base = { production: { PE: 30, OR: 30, DC: 30, FP: 30 }, devastated: false, raided: false, activeMoons: 0 };
    const inc = income(
      [
        { ...base, where: 'a', devastated: true },
        { ...base, where: 'b', raided: true },
        { ...base, where: 'c', activeMoons: 3 },
      ],
      2,
    );
    expect(inc.lines.map((l) => l.note ?? '')).toEqual(['@', '&', '']);
    expect(inc.adjustments).toEqual(each(33 + 200));
  });

  it('Warlord G5 extended supply and demand: copies bought in one turn cost base + 0%, 15%, 30%, 45% of the BASE price', () => {
    expect(
      [0, 1, 2, 3].map((c) =>
        purchasePrice({ base: 100, current: 110, copiesBefore: c, nonPrimaryPct: 0, cloak: false }),
      ),
    ).toEqual([110, 125, 140, 155]);
    expect(purchasePrice({ base: 150, current: 150, copiesBefore: 0, nonPrimaryPct: 0, cloak: true })).toBe(173); // +15% of 150 = 22.5 → 23
  });

  it('Warlord G6 maximum price: PS F PC 45 at a current price of 50 is not bought', () => {
    const r = priceAllowed(50, 50, 45, 0);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.rule).toBe('§9.3');
    expect(priceAllowed(50, 50, 50, 0).ok).toBe(true);
  });

  it('Warlord G7 purchase percentage: C-WG base 200 at 280 is 140%: P% 125 cancels, P% 150 buys, P% 0 is no limit', () => {
    expect(priceAllowed(280, 200, null, 125).ok).toBe(false);
    expect(priceAllowed(280, 200, null, 150).ok).toBe(true);
    expect(priceAllowed(280, 200, null, 0).ok).toBe(true);
  });

  it('Warlord G8 non-primary tactic: with P% 120 a second copy passes only if its surcharge is at most 5%', () => {
    const price = (copies: number, sur: number) =>
      purchasePrice({ base: 100, current: 100, copiesBefore: copies, nonPrimaryPct: sur, cloak: false });
    expect(priceAllowed(price(0, 20), 100, null, 120).ok).toBe(true);
    expect(priceAllowed(price(0, 21), 100, null, 120).ok).toBe(false);
    expect(priceAllowed(price(1, 5), 100, null, 120).ok).toBe(true);
    expect(priceAllowed(price(1, 6), 100, null, 120).ok).toBe(false);
  });

  it('Warlord S&D update (§3.4): up when bought more than once, slightly down when unsold, unchanged when bought once', () => {
    expect(updatePrice(100, 100, 3, SUPPLY_DEMAND_DEFAULTS)).toBe(110);
    expect(updatePrice(100, 100, 0, SUPPLY_DEMAND_DEFAULTS)).toBe(98);
    expect(updatePrice(100, 100, 1, SUPPLY_DEMAND_DEFAULTS)).toBe(100);
    expect(updatePrice(76, 100, 0, SUPPLY_DEMAND_DEFAULTS)).toBe(75);
  });

  it('Warlord G9 loans: stock 40, RL 300 grants 200; at stock 60 another 100; 10% on 200 makes 220 and compounds; PL 999 pays only what is owed', () => {
    expect(loanGranted(300, 0, 40)).toBe(200);
    expect(loanGranted(300, 200, 60)).toBe(100);
    expect(chargeInterest(200, 10)).toBe(220);
    expect(chargeInterest(220, 10)).toBe(242);
    expect(loanPayment(999, 220, each(500))).toBe(220);
    expect(loanPayment(999, 220, each(100))).toBe(100);
  });

  it('Warlord G10 extra orders: BO 5 costs 120 EP from turn 5, BO 10 costs 200 EP from turn 10; earlier or more is refused', () => {
    const five = extraOrdersCost(5, 5);
    expect(five.ok && five.value).toBe(120);
    const ten = extraOrdersCost(10, 10);
    expect(ten.ok && ten.value).toBe(200);
    expect(extraOrdersCost(6, 9).ok).toBe(false);
    expect(extraOrdersCost(1, 4).ok).toBe(false);
    // BO may take the treasury negative (§9.9).
    const neg = spendEP(each(50), 120, '§9.9', true);
    expect(neg.ok && neg.value).toEqual(each(-70));
  });

  it('Warlord G11 ship support: 2.5% × (280 + 60 + 80 + 50) = 11.75 FP, rounded half up to 12; decoys are free', () => {
    expect(
      supportFee([
        { baseCost: 100, decoy: false, fighters: 12, pfs: 0, commandos: 0, primeTeam: false },
        { baseCost: 180, decoy: false, fighters: 0, pfs: 0, commandos: 8, primeTeam: true },
        { baseCost: 15, decoy: true, fighters: 0, pfs: 0, commandos: 0, primeTeam: false },
      ]),
    ).toBe(12);
  });
});
