// MIL-STD-105E (10 May 1989, approved for public release) single sampling, as printed: Table I (sample size code
// letters) and the master tables II-A (normal), II-B (tightened) and II-C (reduced) with their arrows. The arrows are
// kept as data, not resolved by hand, so each row below can be read against the standard's page; sampling.ts follows
// them. ISO 2859-1 and ANSI/ASQ Z1.4 carry the same figures. Decision 069 says how the rows were checked.

/** The standard's AQL series (percent nonconforming up to 10, nonconformities per hundred units above), in order. */
export const AQLS = [
  '0.010',
  '0.015',
  '0.025',
  '0.040',
  '0.065',
  '0.10',
  '0.15',
  '0.25',
  '0.40',
  '0.65',
  '1.0',
  '1.5',
  '2.5',
  '4.0',
  '6.5',
  '10',
  '15',
  '25',
  '40',
  '65',
  '100',
  '150',
  '250',
  '400',
  '650',
  '1000',
] as const;
export type TAql = (typeof AQLS)[number];

export const INSPECTION_LEVELS = ['S-1', 'S-2', 'S-3', 'S-4', 'I', 'II', 'III'] as const;
export type TInspectionLevel = (typeof INSPECTION_LEVELS)[number];

/** Code letters; S appears only in Table II-B, reached by an arrow, never from Table I. */
export const CODE_LETTERS = [
  'A',
  'B',
  'C',
  'D',
  'E',
  'F',
  'G',
  'H',
  'J',
  'K',
  'L',
  'M',
  'N',
  'P',
  'Q',
  'R',
  'S',
] as const;
export type TCodeLetter = (typeof CODE_LETTERS)[number];

/**
 * Table I: the lowest lot size of each range and the code letter at S-1, S-2, S-3, S-4, I, II, III (in
 * INSPECTION_LEVELS order). The last range is "500,001 and over".
 */
export const TABLE_I: readonly { from: number; letters: string }[] = [
  { from: 2, letters: 'AAAAAAB' },
  { from: 9, letters: 'AAAAABC' },
  { from: 16, letters: 'AABBBCD' },
  { from: 26, letters: 'ABBCCDE' },
  { from: 51, letters: 'BBCCCEF' },
  { from: 91, letters: 'BBCDDFG' },
  { from: 151, letters: 'BCDEEGH' },
  { from: 281, letters: 'BCDEFHJ' },
  { from: 501, letters: 'CCEFGJK' },
  { from: 1201, letters: 'CDEGHKL' },
  { from: 3201, letters: 'CDFGJLM' },
  { from: 10001, letters: 'CDFHKMN' },
  { from: 35001, letters: 'DEGJLNP' },
  { from: 150001, letters: 'DEGJMPQ' },
  { from: 500001, letters: 'DEHKNQR' },
];

/** A master table: the sample size of each code letter, and per letter one cell per AQL (AQLS order). */
export interface TMasterTable {
  name: string;
  sampleSizes: Partial<Record<TCodeLetter, number>>;
  /**
   * Cells as printed: "Ac/Re", "v" (use the first sampling plan below the arrow), "^" (the first plan above), "-"
   * (blank: the letter has no plan in that column). An arrow in the first or last row may point off the table;
   * sampling.ts then takes the nearest plan the other way (decision 069).
   */
  rows: Partial<Record<TCodeLetter, string>>;
}

/** Table II-A, single sampling plans for normal inspection. */
export const TABLE_II_A: TMasterTable = {
  name: 'II-A',
  sampleSizes: {
    A: 2,
    B: 3,
    C: 5,
    D: 8,
    E: 13,
    F: 20,
    G: 32,
    H: 50,
    J: 80,
    K: 125,
    L: 200,
    M: 315,
    N: 500,
    P: 800,
    Q: 1250,
    R: 2000,
  },
  rows: {
    A: 'v v v v v v v v v v v v v v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 30/31',
    B: 'v v v v v v v v v v v v v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 30/31 44/45',
    C: 'v v v v v v v v v v v v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 30/31 44/45 ^',
    D: 'v v v v v v v v v v v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 30/31 44/45 ^ ^',
    E: 'v v v v v v v v v v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 30/31 44/45 ^ ^ ^',
    F: 'v v v v v v v v v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ^ ^ ^ ^ ^ ^',
    G: 'v v v v v v v v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ^ ^ ^ ^ ^ ^ ^',
    H: 'v v v v v v v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ^ ^ ^ ^ ^ ^ ^ ^',
    J: 'v v v v v v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ^ ^ ^ ^ ^ ^ ^ ^ ^',
    K: 'v v v v v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^',
    L: 'v v v v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^',
    M: 'v v v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^',
    N: 'v v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^',
    P: 'v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^',
    Q: '0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^',
    R: '^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^',
  },
};

/** Table II-B, single sampling plans for tightened inspection (letter S, 3150, is reached only by R's arrow). */
export const TABLE_II_B: TMasterTable = {
  name: 'II-B',
  sampleSizes: {
    A: 2,
    B: 3,
    C: 5,
    D: 8,
    E: 13,
    F: 20,
    G: 32,
    H: 50,
    J: 80,
    K: 125,
    L: 200,
    M: 315,
    N: 500,
    P: 800,
    Q: 1250,
    R: 2000,
    S: 3150,
  },
  rows: {
    A: 'v v v v v v v v v v v v v v v v v v 1/2 2/3 3/4 5/6 8/9 12/13 18/19 27/28',
    B: 'v v v v v v v v v v v v v v 0/1 v v 1/2 2/3 3/4 5/6 8/9 12/13 18/19 27/28 41/42',
    C: 'v v v v v v v v v v v v v 0/1 v v 1/2 2/3 3/4 5/6 8/9 12/13 18/19 27/28 41/42 ^',
    D: 'v v v v v v v v v v v v 0/1 v v 1/2 2/3 3/4 5/6 8/9 12/13 18/19 27/28 41/42 ^ ^',
    E: 'v v v v v v v v v v v 0/1 v v 1/2 2/3 3/4 5/6 8/9 12/13 18/19 27/28 41/42 ^ ^ ^',
    F: 'v v v v v v v v v v 0/1 v v 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ^ ^ ^ ^ ^ ^',
    G: 'v v v v v v v v v 0/1 v v 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ^ ^ ^ ^ ^ ^ ^',
    H: 'v v v v v v v v 0/1 v v 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ^ ^ ^ ^ ^ ^ ^ ^',
    J: 'v v v v v v v 0/1 v v 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ^ ^ ^ ^ ^ ^ ^ ^ ^',
    K: 'v v v v v v 0/1 v v 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^',
    L: 'v v v v v 0/1 v v 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^',
    M: 'v v v v 0/1 v v 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^',
    N: 'v v v 0/1 v v 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^',
    P: 'v v 0/1 v v 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^',
    Q: 'v 0/1 v v 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^',
    R: '0/1 v v 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^',
    S: '- - 1/2 - - - - - - - - - - - - - - - - - - - - - - -',
  },
};

/**
 * Table II-C, single sampling plans for reduced inspection. A pair whose numbers are not adjacent (Ac 0, Re 2) has a
 * gap: more than Ac but fewer than Re defectives accepts the lot and reinstates normal inspection (4.9.4, 4.7.4 b).
 */
export const TABLE_II_C: TMasterTable = {
  name: 'II-C',
  sampleSizes: {
    A: 2,
    B: 2,
    C: 2,
    D: 3,
    E: 5,
    F: 8,
    G: 13,
    H: 20,
    J: 32,
    K: 50,
    L: 80,
    M: 125,
    N: 200,
    P: 315,
    Q: 500,
    R: 800,
  },
  rows: {
    A: 'v v v v v v v v v v v v v v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 30/31',
    B: 'v v v v v v v v v v v v v 0/1 ^ v 0/2 1/3 2/4 3/5 ^ ^ ^ ^ ^ ^',
    C: 'v v v v v v v v v v v v 0/1 ^ v 0/2 1/3 1/4 2/5 3/6 5/8 7/10 10/13 14/17 21/24 ^',
    D: 'v v v v v v v v v v v 0/1 ^ v 0/2 1/3 1/4 2/5 3/6 5/8 7/10 10/13 14/17 21/24 ^ ^',
    E: 'v v v v v v v v v v 0/1 ^ v 0/2 1/3 1/4 2/5 3/6 5/8 7/10 10/13 14/17 21/24 ^ ^ ^',
    F: 'v v v v v v v v v 0/1 ^ v 0/2 1/3 1/4 2/5 3/6 5/8 7/10 10/13 ^ ^ ^ ^ ^ ^',
    G: 'v v v v v v v v 0/1 ^ v 0/2 1/3 1/4 2/5 3/6 5/8 7/10 10/13 ^ ^ ^ ^ ^ ^ ^',
    H: 'v v v v v v v 0/1 ^ v 0/2 1/3 1/4 2/5 3/6 5/8 7/10 10/13 ^ ^ ^ ^ ^ ^ ^ ^',
    J: 'v v v v v v 0/1 ^ v 0/2 1/3 1/4 2/5 3/6 5/8 7/10 10/13 ^ ^ ^ ^ ^ ^ ^ ^ ^',
    K: 'v v v v v 0/1 ^ v 0/2 1/3 1/4 2/5 3/6 5/8 7/10 10/13 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^',
    L: 'v v v v 0/1 ^ v 0/2 1/3 1/4 2/5 3/6 5/8 7/10 10/13 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^',
    M: 'v v v 0/1 ^ v 0/2 1/3 1/4 2/5 3/6 5/8 7/10 10/13 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^',
    N: 'v v 0/1 ^ v 0/2 1/3 1/4 2/5 3/6 5/8 7/10 10/13 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^',
    P: 'v 0/1 ^ v 0/2 1/3 1/4 2/5 3/6 5/8 7/10 10/13 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^',
    Q: '0/1 ^ v 0/2 1/3 1/4 2/5 3/6 5/8 7/10 10/13 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^',
    R: '^ v 0/2 1/3 1/4 2/5 3/6 5/8 7/10 10/13 ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^ ^',
  },
};
