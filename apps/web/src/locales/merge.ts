/** A language's strings: groups of keys, nested, with text at the leaves. */
export type LocaleTree = { [key: string]: string | LocaleTree };

/** `source` over `target`, key by key; nested groups merge, a string replaces. */
export function mergeTrees(target: LocaleTree, source: LocaleTree): LocaleTree {
  const out: LocaleTree = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const existing = out[key];
    out[key] =
      typeof value === 'object' && typeof existing === 'object'
        ? mergeTrees(existing, value)
        : value;
  }
  return out;
}

/**
 * One language's files (`locales/<language>/<group>.json`, as `import.meta.glob` gives them)
 * merged into the one tree i18next loads, in file-name order. Each file holds its group (and may
 * add keys to another group, e.g. its `nav` entry); no string is defined in two files.
 */
export function mergeLocaleFiles(files: Record<string, LocaleTree>): LocaleTree {
  return Object.keys(files)
    .sort()
    .reduce<LocaleTree>((tree, file) => mergeTrees(tree, files[file] ?? {}), {});
}
