/**
 * UTD1.7 SUPERMAJORITY: two players → both; three → two; four or more → ¾ of all, fractions
 * rounded up. An electorate of one decides alone (rules-notes §6). Integer arithmetic only.
 */
export function supermajorityThreshold(electorate: number): number {
  if (!Number.isInteger(electorate) || electorate < 1)
    throw new Error(`electorate must be a positive integer, got ${electorate}`);
  if (electorate <= 2) return electorate;
  if (electorate === 3) return 2;
  return Math.ceil((3 * electorate) / 4);
}

/** A proposal passes only with at least the threshold of yes votes; silence counts as no. */
export function supermajorityReached(electorate: number, yes: number): boolean {
  return yes >= supermajorityThreshold(electorate);
}
