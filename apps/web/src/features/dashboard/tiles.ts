import { type NavItemState, tilesEnabled, visibleNavEntries } from '@lp/domain';

export interface TileItem {
  label: string;
  path: string;
}

export interface TileDefinition {
  key: string;
  title: string;
  path: string;
  /** The navigation entry whose permission gating the tile shares; none means always shown. */
  navKey?: string;
  items?: readonly TileItem[];
}

/** The home dashboard's tiles (part 2 section 2), in display order. */
export const TILES: readonly TileDefinition[] = [
  {
    key: 'letters',
    title: 'Letters',
    path: '/letters',
    navKey: 'letters',
    items: [
      { label: 'Upload letters', path: '/letters?upload=1' },
      { label: 'View letters', path: '/letters' },
    ],
  },
  {
    key: 'parcels',
    title: 'Parcels',
    path: '/parcels',
    navKey: 'parcels',
    items: [
      { label: 'Book a parcel', path: '/parcels/order' },
      { label: 'View parcels', path: '/parcels' },
    ],
  },
  { key: 'storage', title: 'Storage', path: '/storage', navKey: 'storage' },
  { key: 'customers', title: 'Customers', path: '/customers', navKey: 'customers' },
  {
    key: 'finances',
    title: 'Finances',
    path: '/finances',
    navKey: 'finances',
    items: [
      { label: 'Balance and transactions', path: '/finances' },
      { label: 'Add funds', path: '/finances?topUp=1' },
    ],
  },
  {
    key: 'users',
    title: 'Users & Departments',
    path: '/users',
    navKey: 'users',
    items: [
      { label: 'Users', path: '/users' },
      { label: 'Departments', path: '/departments' },
    ],
  },
  { key: 'letterheads', title: 'Letterheads', path: '/letterheads', navKey: 'letterheads' },
  { key: 'integrations', title: 'Integrations', path: '/integrations', navKey: 'integrations' },
  {
    key: 'company',
    title: 'Company Profile',
    path: '/company',
    navKey: 'company',
    items: [
      { label: 'Company profile', path: '/company' },
      { label: 'Account settings', path: '/accountSettings' },
    ],
  },
  { key: 'guide', title: 'Guide', path: '/guide' },
];

export interface TileState extends TileDefinition {
  disabled: boolean;
}

/**
 * The tiles a user sees: hidden like their navigation entry when the user lacks its permission,
 * disabled whenever the account is not active (and like the entry while suspended for funds).
 */
export function visibleTiles(
  abilities: readonly string[],
  health: { status: string; reason?: string | null },
): TileState[] {
  const nav = new Map<string, NavItemState>(visibleNavEntries(abilities, health).map((e) => [e.key, e]));
  const active = tilesEnabled(health);
  const out: TileState[] = [];
  for (const tile of TILES) {
    const entry = tile.navKey ? nav.get(tile.navKey) : undefined;
    if (tile.navKey && !entry) continue;
    out.push({ ...tile, disabled: !active || (entry?.disabled ?? false) });
  }
  return out;
}
