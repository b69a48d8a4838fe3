// Main's answer to a publish names each problem of the draft by its code: the list words it in
// the screen's language, as the editor words the same code on its field.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { keptRefusal } from '../../shared/refusals';
import { setLanguage } from '../ui-kit/language';
import { IssueList } from './PushReview';

afterEach(() => {
  cleanup();
  setLanguage('en');
});

describe('the problems main finds in a menu draft', () => {
  it('are worded in the screen’s language, never main’s English', () => {
    setLanguage('fi');
    render(
      <IssueList
        issues={[
          { path: 'item-1:price', draft: 'priceNotAmount' },
          { path: 'item-2:price', draft: 'priceTooHigh' },
          { path: '', message: keptRefusal('menu-file-not-json') },
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items.slice(0, 2)).toEqual([
      'Kirjoita hinta euroina ja sentteinä, esim. 12,50.',
      'Yli 1000 €: tarkista luku.',
    ]);
    expect(screen.getByRole('alert').textContent).not.toMatch(/Type|price|menu file/i);
  });
});
