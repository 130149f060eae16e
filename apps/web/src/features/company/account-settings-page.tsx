import Typography from '@mui/material/Typography';
import { Page } from '../../components/page';
import { DeliveryPreferencesForm } from './delivery-preferences-form';

/** What the rest of the page says until the later account settings are built. */
export const ACCOUNT_SETTINGS_REST_TEXT = 'The other account settings are not available yet.';

/** /accountSettings: the company's letter delivery preferences; the other settings come later. */
export function AccountSettingsPage() {
  return (
    <Page title="Account settings">
      <DeliveryPreferencesForm />
      <Typography>{ACCOUNT_SETTINGS_REST_TEXT}</Typography>
    </Page>
  );
}

export default AccountSettingsPage;
