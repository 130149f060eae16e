import { type ComponentType, lazy } from 'react';
import type { RouteObject } from 'react-router';
import { useMe } from '../lib/session';
import { RootLayout } from './root-layout';

/** React.lazy for a module's named (or default) export. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const LandingPage = page(() => import('../features/landing/landing-page'), 'LandingPage');
const HomePage = page(() => import('../features/dashboard/home-page'), 'HomePage');
const SignInPage = page(() => import('../features/auth/sign-in-page'), 'SignInPage');
const SignUpPage = page(() => import('../features/auth/sign-up-page'), 'SignUpPage');
const ResetPasswordPage = page(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage');
const InvitedSignUpPage = page(() => import('../features/auth/invited-sign-up-page'), 'InvitedSignUpPage');
const RegistrationInfoPage = page(() => import('../features/company/registration-info-page'), 'RegistrationInfoPage');
const UsersPage = page(() => import('../features/users/users-page'), 'UsersPage');
const DepartmentsPage = page(() => import('../features/users/departments-page'), 'DepartmentsPage');
const LettersPage = page(() => import('../features/letters/letters-page'), 'LettersPage');
const MailMergePage = page(() => import('../features/merge/mail-merge-page'), 'MailMergePage');
const LetterheadsPage = page(() => import('../features/letterheads/letterheads-page'), 'LetterheadsPage');
const ParcelsPage = page(() => import('../features/parcels/parcels-page'), 'ParcelsPage');
const ParcelOrderPage = page(() => import('../features/parcels/parcel-order-page'), 'ParcelOrderPage');
const ParcelTrackPage = page(() => import('../features/parcels/parcel-track-page'), 'ParcelTrackPage');
const CustomersPage = page(() => import('../features/customers/customers-page'), 'CustomersPage');
const FinancesPage = page(() => import('../features/finances/finances-page'), 'FinancesPage');
const PlansPage = page(() => import('../features/plans/plans-page'), 'PlansPage');
const StoragePage = page(() => import('../features/storage/storage-page'), 'StoragePage');
const IntegrationsPage = page(() => import('../features/integrations/integrations-page'), 'IntegrationsPage');
const TestCommsPage = page(() => import('../features/comms/test-comms-page'), 'TestCommsPage');
const CloudPage = page(() => import('../features/storage/cloud-page'), 'CloudPage');
const DownloadPage = page(() => import('../features/downloads/download-page'), 'DownloadPage');
const AccountingImportPage = page(
  () => import('../features/integrations/accounting-import-page'),
  'AccountingImportPage',
);
const AccountingRedirectPage = lazy(() => import('../features/integrations/accounting-redirect-page'));
const CloudRedirectPage = page(() => import('../features/integrations/accounting-redirect-page'), 'CloudRedirectPage');
const AccountSettingsPage = page(() => import('../features/company/account-settings-page'), 'AccountSettingsPage');
const CompanyPage = page(() => import('../features/company/company-page'), 'CompanyPage');
const GuidePage = page(() => import('../features/guide/guide-page'), 'GuidePage');
const NotFound = lazy(() => import('../components/not-found'));

/** "/" is the landing page signed out and the home dashboard signed in. */
function RootPage() {
  const me = useMe().data;
  return me ? <HomePage /> : <LandingPage />;
}

/** Part 1 section 2's route table. Every screen is its own chunk; unknown paths get the not-found page. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <RootPage /> },
      { path: '/signIn', element: <SignInPage /> },
      { path: '/resetPassword', element: <ResetPasswordPage /> },
      { path: '/signUp', element: <SignUpPage /> },
      { path: '/registrationInfo', element: <RegistrationInfoPage /> },
      { path: '/users', element: <UsersPage /> },
      { path: '/departments', element: <DepartmentsPage /> },
      { path: '/main', element: <HomePage /> },
      { path: '/letters', element: <LettersPage /> },
      { path: '/letters/merge', element: <MailMergePage /> },
      { path: '/letterheads', element: <LetterheadsPage /> },
      { path: '/parcels', element: <ParcelsPage /> },
      { path: '/parcels/order', element: <ParcelOrderPage /> },
      { path: '/parcels/track/:carrierName/:shipmentId', element: <ParcelTrackPage /> },
      { path: '/customers', element: <CustomersPage /> },
      { path: '/finances', element: <FinancesPage /> },
      { path: '/plans', element: <PlansPage /> },
      { path: '/storage', element: <StoragePage /> },
      { path: '/integrations', element: <IntegrationsPage /> },
      { path: '/testComms', element: <TestCommsPage /> },
      { path: '/cloud', element: <CloudPage /> },
      { path: '/download/:os', element: <DownloadPage /> },
      { path: '/xeroRedirect', element: <AccountingRedirectPage provider="xero" /> },
      { path: '/quickBooksRedirect', element: <AccountingRedirectPage provider="quickBooks" /> },
      { path: '/sageRedirect', element: <AccountingRedirectPage provider="sage" /> },
      { path: '/cloudRedirect', element: <CloudRedirectPage /> },
      { path: '/cloudRedirect/:provider', element: <CloudRedirectPage /> },
      { path: '/accountSettings', element: <AccountSettingsPage /> },
      { path: '/invited/signUp/:uniqueId/:accountId', element: <InvitedSignUpPage /> },
      { path: '/company', element: <CompanyPage /> },
      { path: '/guide', element: <GuidePage /> },
      { path: '/guide/:slug', element: <GuidePage /> },
      { path: '/:provider/:entityType', element: <AccountingImportPage /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];
