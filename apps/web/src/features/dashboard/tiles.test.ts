import { ALL_PERMISSIONS } from '@lp/domain';
import { describe, expect, it } from 'vitest';
import { visibleTiles } from './tiles';

const active = { status: 'active', reason: null };

describe('visibleTiles', () => {
  it('shows every tile, enabled, to an owner of an active account', () => {
    const tiles = visibleTiles(ALL_PERMISSIONS, active);
    expect(tiles.map((t) => t.title)).toEqual([
      'Letters',
      'Parcels',
      'Storage',
      'Customers',
      'Finances',
      'Users & Departments',
      'Letterheads',
      'Integrations',
      'Company Profile',
      'Guide',
    ]);
    expect(tiles.every((t) => !t.disabled)).toBe(true);
  });

  it('hides tiles the user has no permission for, like the navigation', () => {
    const titles = visibleTiles(['see_letters'], active).map((t) => t.title);
    expect(titles).toEqual(['Letters', 'Company Profile', 'Guide']);
  });

  it('greys out every tile unless the account is active', () => {
    const tiles = visibleTiles(ALL_PERMISSIONS, { status: 'suspended', reason: 'something_else' });
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.every((t) => t.disabled)).toBe(true);
  });
});
