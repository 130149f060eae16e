import { ACCOUNT_SETTINGS_TEXT as TEXT } from '@lp/domain';
import { Page } from '../../components/page';
import { useMe } from '../../lib/session';
import { ListPreferencesSection } from '../account/list-preferences-section';
import { PasswordSection } from '../account/password-section';
import { ProfileSection } from '../account/profile-section';
import { SessionsSection } from '../account/sessions-section';
import { SettingsSection } from '../account/settings-section';
import { ApiKeysSection } from '../developers/api-keys-section';
import { WebhooksSection } from '../developers/webhooks-section';
import { RestrictBalanceSwitch } from '../finances/restrict-balance-switch';
import { DeliveryPreferencesForm } from './delivery-preferences-form';

/**
 * /accountSettings (issue 16): the user's own settings (profile, password, sessions, list
 * preferences), then the company's settings in one place: the letter delivery preferences (every
 * member reads them, manage_company edits them), for the owner, who sees the balance, and with
 * manage_company the Developers section (the company's API keys, issue 26).
 */
export function AccountSettingsPage() {
  const me = useMe().data;
  const isOwner = me?.user.roles.includes('owner') ?? false;
  return (
    <Page title="Account settings" maxWidth={900}>
      <ProfileSection />
      <PasswordSection />
      <SessionsSection />
      <ListPreferencesSection />
      <DeliveryPreferencesForm />
      {isOwner && me ? (
        <SettingsSection title={TEXT.balanceHeading}>
          <RestrictBalanceSwitch checked={me.account.restrictBalance} />
        </SettingsSection>
      ) : null}
      <ApiKeysSection />
      <WebhooksSection />
    </Page>
  );
}

export default AccountSettingsPage;
