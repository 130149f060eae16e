/**
 * The guide article of each main screen's help button (/guide/{slug}); kept apart from the
 * articles so a screen does not load the guide's text. The guide's test checks each one exists.
 */
export const SCREEN_HELP = {
  letters: 'uploading-letters',
  parcels: 'parcels',
  storage: 'storage',
  finances: 'money',
  users: 'users-and-departments',
  customers: 'customers',
  letterheads: 'letterheads',
  integrations: 'integrations',
} as const;
