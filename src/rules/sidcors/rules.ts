/**
 * The SIDCORS extract has no rule numbers, so refusals cite the step of the research digest's
 * procedure (§A.2.14) or the named special-unit rule.
 */
export const RULE = {
  factors: 'SIDCORS (A.2.14 unit factors)',
  intensity: 'SIDCORS (A.2.14 step 1)',
  comPot: 'SIDCORS (A.2.14 step 2)',
  coefficient: 'SIDCORS (A.2.14 step 3)',
  damage: 'SIDCORS (A.2.14 step 4)',
  plusMinus: 'SIDCORS (A.2.14 step 5)',
  directed: 'SIDCORS (A.2.14 step 6)',
  allocation: 'SIDCORS (A.2.14 step 7)',
  end: 'SIDCORS (A.2.14 step 8)',
  mauler: 'SIDCORS (A.2.14 special units: maulers)',
  scouts: 'SIDCORS (A.2.14 special units: scouts)',
  cloak: 'SIDCORS (A.2.14 special units: cloaked ships)',
} as const;
