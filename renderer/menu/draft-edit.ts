// Edits of the menu draft as pure functions: each returns a new draft (the kept one is never
// changed in place), entities found by their keys so an edit stays right after a reorder.
import type {
  DraftCategory,
  DraftItem,
  DraftOption,
  DraftSubcategory,
  MenuDraft,
} from '../../shared/menu-draft';

export const edit = (draft: MenuDraft, change: (d: MenuDraft) => void): MenuDraft => {
  const next = structuredClone(draft);
  change(next);
  return next;
};

type Group = DraftCategory | DraftSubcategory;

const groups = (d: MenuDraft): Group[] =>
  d.categories.flatMap((c): Group[] => [c, ...c.subcategories]);

/** The list holding the entity with this key, wherever it is. */
export const listOf = (d: MenuDraft, key: string): Array<{ key: string }> | null => {
  if (d.categories.some((c) => c.key === key)) return d.categories;
  for (const c of d.categories)
    if (c.subcategories.some((s) => s.key === key)) return c.subcategories;
  for (const g of groups(d)) {
    if (g.items.some((i) => i.key === key)) return g.items;
    for (const item of g.items) {
      if (item.options.some((o) => o.key === key)) return item.options;
      for (const option of item.options)
        if (option.values.some((v) => v.key === key)) return option.values;
    }
  }
  return null;
};

export const groupOf = (d: MenuDraft, key: string): Group | undefined =>
  groups(d).find((g) => g.key === key);

export const itemOf = (d: MenuDraft, key: string): DraftItem | undefined =>
  groups(d)
    .flatMap((g) => g.items)
    .find((i) => i.key === key);

export const optionOf = (d: MenuDraft, key: string): DraftOption | undefined =>
  groups(d)
    .flatMap((g) => g.items.flatMap((i) => i.options))
    .find((o) => o.key === key);

/** Moves the entity one place up (-1) or down (+1) in its list. */
export const move = (d: MenuDraft, key: string, delta: -1 | 1): void => {
  const list = listOf(d, key);
  if (!list) return;
  const from = list.findIndex((e) => e.key === key);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= list.length) return;
  const [entity] = list.splice(from, 1);
  if (entity) list.splice(to, 0, entity);
};

export const remove = (d: MenuDraft, key: string): void => {
  const list = listOf(d, key);
  const at = list ? list.findIndex((e) => e.key === key) : -1;
  if (list && at >= 0) list.splice(at, 1);
};

/** Inserts right after the entity with key `after`. */
export const insertAfter = <T extends { key: string }>(list: T[], after: string, entity: T) => {
  const at = list.findIndex((e) => e.key === after);
  list.splice(at < 0 ? list.length : at + 1, 0, entity);
};

export const isFirst = (d: MenuDraft, key: string): boolean => listOf(d, key)?.[0]?.key === key;
export const isLast = (d: MenuDraft, key: string): boolean => listOf(d, key)?.at(-1)?.key === key;
