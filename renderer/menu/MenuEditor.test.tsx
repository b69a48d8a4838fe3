// The menu editor in the renderer: every edit goes to main's kept draft; a bad value is refused
// on its field and keeps "Publish" away; items are duplicated, moved and deleted (after a second
// tap naming the item); a language, a subcategory, an option's range and a weekly time are edited
// there too, each bad value refused on its field; a menu file loads into the draft and the draft
// saves as one.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MenuDraft } from '../../shared/menu-draft';
import { createFakeBridge } from '../testing/fake-bridge';
import { renderApp } from '../testing/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const itemNames = (draft: MenuDraft | undefined) =>
  draft?.categories.flatMap((c) => c.items.map((i) => i.name.en));

describe('the menu editor', () => {
  it('builds a category and items, refusing a bad price on its field, and keeps each edit in main', async () => {
    const bridge = createFakeBridge();
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    const editor = await screen.findByRole('region', { name: 'Edit the menu' });
    fireEvent.click(await within(editor).findByRole('button', { name: 'Start from empty' }));
    await waitFor(() =>
      expect(bridge.callsTo('menu:startDraft')).toEqual([{ from: 'empty', language: 'en' }]),
    );

    fireEvent.click(await within(editor).findByRole('button', { name: 'Add a category' }));
    fireEvent.change(await within(editor).findByLabelText(/^Category name \(English\)/), {
      target: { value: 'Soups' },
    });
    fireEvent.click(await within(editor).findByRole('button', { name: 'Add an item to Soups' }));
    const form = await within(editor).findByRole('group', { name: 'Details of (no name yet)' });
    fireEvent.change(within(form).getByLabelText(/^Name \(English\)/), {
      target: { value: 'Tomato' },
    });
    // No price yet: refused on the price field, and nothing can be published.
    const details = await within(editor).findByRole('group', { name: 'Details of Tomato' });
    expect(within(details).getByText('Type a price, e.g. 12.50.')).toBeTruthy();
    expect(within(editor).queryByRole('button', { name: 'Publish…' })).toBeNull();
    fireEvent.change(within(details).getByLabelText(/^Price \(€\)/), { target: { value: '6,50' } });
    await waitFor(() =>
      expect(within(details).queryByText('Type a price, e.g. 12.50.')).toBeNull(),
    );
    fireEvent.click(within(editor).getByRole('button', { name: 'Done' }));

    fireEvent.click(within(editor).getByRole('button', { name: 'Duplicate Tomato' }));
    await within(editor).findByRole('button', { name: 'Duplicate Tomato (copy)' });
    fireEvent.click(within(editor).getByRole('button', { name: 'Move Tomato (copy) up' }));
    const saved = () => bridge.callsTo('menu:saveDraft').at(-1)?.draft;
    await waitFor(() => expect(itemNames(saved())).toEqual(['Tomato (copy)', 'Tomato']));
    // The copy is its own item for the platform: another code.
    const [copy, first] = saved()?.categories[0]?.items ?? [];
    expect(copy?.externalData).not.toBe(first?.externalData);
    expect(copy?.price).toBe('6,50');

    fireEvent.click(within(editor).getByRole('button', { name: 'Delete Tomato' }));
    const ask = within(editor).getByRole('group', { name: 'Delete Tomato?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(itemNames(saved())).toEqual(['Tomato (copy)']));
    expect(within(editor).getByRole('button', { name: 'Publish…' })).toBeTruthy();
  });

  it('sends draft saves one at a time, the newest last, so main never keeps an older one', async () => {
    const bridge = createFakeBridge();
    let inFlight = 0;
    let most = 0;
    const kept: MenuDraft[] = [];
    bridge.handle('menu:saveDraft', async ({ draft }) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      // Main answers slowly: the next keystrokes come meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight -= 1;
      kept.push(draft);
      return { draft, savedAt: '2026-01-01T10:00:00.000Z', publishedAt: null };
    });
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    const editor = await screen.findByRole('region', { name: 'Edit the menu' });
    fireEvent.click(await within(editor).findByRole('button', { name: 'Start from empty' }));
    fireEvent.click(await within(editor).findByRole('button', { name: 'Add a category' }));
    const name = await within(editor).findByLabelText(/^Category name \(English\)/);
    for (const typed of ['S', 'So', 'Sou', 'Soup', 'Soups'])
      fireEvent.change(name, { target: { value: typed } });
    await waitFor(() => expect(kept.at(-1)?.categories[0]?.name.en).toBe('Soups'));
    expect(most).toBe(1);
    // Keystrokes that waited behind a save went as one: the newest.
    expect(kept.length).toBeLessThan(6);
  });

  it('checks and publishes only the draft main keeps after the last edit, and shows the problems main finds', async () => {
    const bridge = createFakeBridge();
    const events: string[] = [];
    let release = (): void => undefined;
    bridge.handle('menu:saveDraft', async ({ draft }) => {
      const name = draft.categories[0]?.name.en ?? '';
      events.push(`save ${name}`);
      // The save of the last keystroke is still on its way when "Publish" is tapped.
      if (name === 'Soups') await new Promise<void>((resolve) => (release = resolve));
      events.push(`kept ${name}`);
      return { draft, savedAt: '2026-01-01T10:00:00.000Z', publishedAt: null };
    });
    bridge.handle('menu:checkDraft', async () => {
      events.push('check');
      return { ok: false, issues: [{ path: 'categories[0].items', message: 'has no item' }] };
    });
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    const editor = await screen.findByRole('region', { name: 'Edit the menu' });
    fireEvent.click(await within(editor).findByRole('button', { name: 'Start from empty' }));
    fireEvent.click(await within(editor).findByRole('button', { name: 'Add a category' }));
    await waitFor(() => expect(events).toContain('kept '));
    fireEvent.change(await within(editor).findByLabelText(/^Category name \(English\)/), {
      target: { value: 'Soups' },
    });
    await waitFor(() => expect(events).toContain('save Soups'));
    fireEvent.click(within(editor).getByRole('button', { name: 'Publish…' }));
    await within(editor).findByText('Checking…');
    expect(events).not.toContain('check');
    release();
    // Main's problem is shown, though the screen saw none.
    await within(editor).findByText('has no item');
    expect(events.slice(events.indexOf('save Soups'))).toEqual([
      'save Soups',
      'kept Soups',
      'check',
    ]);
  });

  it('adds a language, a subcategory, and an item in it with a translated name, an option with its range and a weekly time, each kept in main', async () => {
    const bridge = createFakeBridge();
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    const editor = await screen.findByRole('region', { name: 'Edit the menu' });
    fireEvent.click(await within(editor).findByRole('button', { name: 'Start from empty' }));
    const saved = () => bridge.callsTo('menu:saveDraft').at(-1)?.draft;

    // A second language: every name gets a field in it.
    fireEvent.click(await within(editor).findByRole('checkbox', { name: 'Finnish' }));
    await waitFor(() => expect(saved()?.languages).toEqual(['en', 'fi']));
    fireEvent.click(within(editor).getByRole('button', { name: 'Add a category' }));
    fireEvent.change(await within(editor).findByLabelText(/^Category name \(English\)/), {
      target: { value: 'Drinks' },
    });
    fireEvent.change(within(editor).getByLabelText(/^Category name \(Finnish\)/), {
      target: { value: 'Juomat' },
    });
    fireEvent.click(within(editor).getByRole('button', { name: 'Add a subcategory' }));
    fireEvent.change(await within(editor).findByLabelText(/^Subcategory name \(English\)/), {
      target: { value: 'Ciders' },
    });
    fireEvent.click(await within(editor).findByRole('button', { name: 'Add an item to Ciders' }));
    const form = await within(editor).findByRole('group', { name: 'Details of (no name yet)' });
    fireEvent.change(within(form).getByLabelText(/^Name \(English\)/), {
      target: { value: 'Pear cider' },
    });
    const item = await within(editor).findByRole('group', { name: 'Details of Pear cider' });
    fireEvent.change(within(item).getByLabelText(/^Name \(Finnish\)/), {
      target: { value: 'Päärynäsiideri' },
    });
    fireEvent.change(within(item).getByLabelText(/^Price \(€\)/), { target: { value: '7.20' } });

    // An option whose range asks for more choices than it has: refused on its field until fixed.
    fireEvent.click(within(item).getByRole('button', { name: 'Add an option' }));
    const option = await within(item).findByRole('group', { name: 'Option: (no name yet)' });
    fireEvent.change(within(option).getByLabelText(/^Option name \(English\)/), {
      target: { value: 'Size' },
    });
    const size = await within(item).findByRole('group', { name: 'Option: Size' });
    fireEvent.change(within(size).getByLabelText(/^At least/), { target: { value: '1' } });
    fireEvent.change(within(size).getByLabelText(/^At most/), { target: { value: '2' } });
    // A new option comes with one choice.
    fireEvent.change(within(size).getByLabelText(/^Choice \(English\)/), {
      target: { value: 'Small' },
    });
    await within(size).findByText('More than there are choices.');
    expect(within(editor).queryByRole('button', { name: 'Publish…' })).toBeNull();
    fireEvent.click(within(size).getByRole('button', { name: 'Add a choice' }));
    await waitFor(() =>
      expect(within(size).getAllByLabelText(/^Choice \(English\)/)).toHaveLength(2),
    );
    fireEvent.change(within(size).getAllByLabelText(/^Choice \(English\)/)[1]!, {
      target: { value: 'Large' },
    });
    fireEvent.change(within(size).getAllByLabelText(/^Extra price/)[1]!, {
      target: { value: '1,00' },
    });
    await waitFor(() =>
      expect(within(size).queryByText('More than there are choices.')).toBeNull(),
    );

    // Orderable on Fridays from 16:00: a time that is no time is refused on its field.
    const orderable = within(item).getByRole('group', { name: 'Orderable on' });
    fireEvent.click(within(orderable).getByRole('button', { name: 'Add a time' }));
    fireEvent.change(await within(orderable).findByLabelText('Day'), {
      target: { value: 'FRIDAY' },
    });
    fireEvent.change(within(orderable).getByLabelText(/^From/), { target: { value: '16.00' } });
    await within(orderable).findByText('Type a time as 10:30.');
    fireEvent.change(within(orderable).getByLabelText(/^From/), { target: { value: '16:00' } });
    await waitFor(() => expect(within(orderable).queryByText('Type a time as 10:30.')).toBeNull());

    await waitFor(() =>
      expect(saved()?.categories[0]?.subcategories[0]?.items[0]?.availability).toEqual([
        { day: 'FRIDAY', from: '16:00', to: '22:00' },
      ]),
    );
    const category = saved()?.categories[0];
    expect(category?.name).toEqual({ en: 'Drinks', fi: 'Juomat' });
    expect(category?.items).toEqual([]);
    expect(category?.subcategories.map((sub) => sub.name)).toEqual([{ en: 'Ciders' }]);
    const cider = category?.subcategories[0]?.items[0];
    expect(cider).toMatchObject({
      name: { en: 'Pear cider', fi: 'Päärynäsiideri' },
      price: '7.20',
    });
    expect(cider?.options).toMatchObject([
      {
        name: { en: 'Size' },
        min: '1',
        max: '2',
        values: [
          { name: { en: 'Small' }, price: '' },
          { name: { en: 'Large' }, price: '1,00' },
        ],
      },
    ]);
    expect(within(editor).getByRole('button', { name: 'Publish…' })).toBeTruthy();
  }, 40_000); // some thirty edits, each re-rendering the editor: slow in the test DOM under load

  it('loads a menu file into the draft, refuses a file that is no menu, and saves the draft as a menu file', async () => {
    const menu = {
      currency: 'EUR',
      primary_language: 'en',
      categories: [
        {
          name: [{ lang: 'en', value: 'Soups' }],
          items: [
            {
              name: [{ lang: 'en', value: 'Tomato' }],
              price: 6.5,
              enabled: true,
              external_data: 'tomato',
            },
          ],
        },
      ],
    };
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:app://countertop/menu';
      },
      revokeObjectURL: () => undefined,
    });
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    const bridge = createFakeBridge();
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    const editor = await screen.findByRole('region', { name: 'Edit the menu' });
    fireEvent.click(await within(editor).findByRole('button', { name: 'Start from empty' }));
    const file = await within(editor).findByLabelText('Load a menu file');

    fireEvent.change(file, {
      target: {
        files: [new File(['{"not": "a menu"'], 'notes.json', { type: 'application/json' })],
      },
    });
    await within(editor).findByText('notes.json is not a menu file.');

    fireEvent.change(file, {
      target: {
        files: [new File([JSON.stringify(menu)], 'menu.json', { type: 'application/json' })],
      },
    });
    await within(editor).findByText(
      'menu.json loaded into the draft. Nothing is sent until you publish.',
    );
    const saved = bridge.callsTo('menu:saveDraft').at(-1)?.draft;
    expect(itemNames(saved)).toEqual(['Tomato']);
    expect(saved?.categories[0]?.items[0]).toMatchObject({ price: '6.50', externalData: 'tomato' });
    // Nothing goes to the platform on a load.
    expect(bridge.callsTo('menu:publishDraft')).toEqual([]);

    fireEvent.click(await within(editor).findByRole('button', { name: 'Save as a menu file' }));
    await waitFor(() => expect(downloads).toEqual(['menu.json']));
    expect(JSON.parse(await blobs[0]!.text())).toEqual(menu);
  });
});
