import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@fs/contract';
import { findMenuItem } from './api';

const item = (id: string, to: string, children?: MenuItem[]): MenuItem => ({
  id,
  name: id,
  to,
  icon: 'x',
  i18nKey: `menu.${id}`,
  children,
});
const menu = [
  item('home', '/'),
  item('customers', '/customers'),
  item('admin', '', [item('company', '/company'), item('storage', '/storage-space')]),
];

describe('the menu entry of the current page', () => {
  it('is the entry with that exact address, among children too', () => {
    expect(findMenuItem(menu, '/')?.id).toBe('home');
    expect(findMenuItem(menu, '/company')?.id).toBe('company');
  });

  it('is the section for a page below an entry, never home for everything', () => {
    expect(findMenuItem(menu, '/customers/6f1c')?.id).toBe('customers');
    expect(findMenuItem(menu, '/customers-archive')).toBeNull();
    expect(findMenuItem(menu, '/unknown/page')).toBeNull();
  });
});
