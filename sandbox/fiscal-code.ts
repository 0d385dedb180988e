// Values of a character in an odd (1st, 3rd, …) position; digits share the values of A..J.
const oddValues = [
  1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
];
const shape = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}$/;

function indexOf(char: string): number {
  const code = char.charCodeAt(0);
  return code <= 57 ? code - 48 : code - 65;
}

/** The check character of a personal fiscal code, from its first 15 characters (standard DM 23/12/1976). */
export function computeCheckChar(first15: string): string {
  const upper = first15.toUpperCase();
  if (!shape.test(upper)) throw new Error("not the first 15 characters of a fiscal code");
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const index = indexOf(upper[i] as string);
    sum += i % 2 === 0 ? (oddValues[index] as number) : index;
  }
  return String.fromCharCode(65 + (sum % 26));
}

export function isValidFiscalCode(value: string): boolean {
  const upper = value.toUpperCase();
  if (upper.length !== 16 || !shape.test(upper.slice(0, 15))) return false;
  return computeCheckChar(upper.slice(0, 15)) === upper[15];
}
