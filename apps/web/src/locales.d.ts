/** `en.json?all`: the whole English file as its own module (lib/i18n.ts loads it after first paint). */
declare module '*.json?all' {
  const strings: Record<string, unknown>;
  export default strings;
}
