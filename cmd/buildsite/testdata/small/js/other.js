export const x = 41;
