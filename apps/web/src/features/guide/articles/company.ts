import {
  FREE_PLAN,
  MONEY_MESSAGES,
  PLANS,
  planPriceLabel,
  STORAGE_MAX_FILE_BYTES,
  STORAGE_MAX_FILES,
} from '@lp/domain';
import type { GuideArticle } from './types';

const planLine = PLANS.map((p) => `**${p.name}** (${planPriceLabel(p.price)})`).join(', ');

export const gettingStarted: GuideArticle = {
  slug: 'getting-started',
  title: 'Getting started',
  summary: 'Find your way around: the home dashboard, the navigation, notifications and this guide.',
  blocks: [
    {
      kind: 'p',
      text: 'LetterPost sends your company’s letters by post, email, text message or cloud link, and books parcels with UK carriers, paid from a prepaid balance. Everyone in your company signs in with their own account and sees what their permissions allow.',
    },
    {
      kind: 'image',
      src: '/guide/home.webp',
      alt: 'The home dashboard: a tile for each screen, with the navigation bar above.',
    },
    {
      kind: 'list',
      items: [
        '[Home](/main) shows a tile for each screen you may use. While the account is suspended the tiles are greyed out.',
        'The navigation bar has **Letters**, **Parcels**, **Storage** and a **More** menu with **Finances**, **Users & Departments**, **Company Profile**, **Letterheads**, **Customers list** and **Integrations**. On a narrow screen it opens from the menu button.',
        'The bell shows your notifications, including requests waiting for a supervisor’s approval. Your profile menu holds **Account settings** and **Log out**.',
        'The round help button at the bottom left opens this guide; each main screen also has a help button beside its title leading to its article.',
        'For your safety you are signed out after about 30 minutes without activity; a message warns you first.',
      ],
    },
    {
      kind: 'tip',
      text: 'Prefer a window of its own? See [Desktop app and downloads](/guide/desktop-app).',
    },
  ],
};

export const approvals: GuideArticle = {
  slug: 'approvals',
  title: 'Approvals and supervisors',
  summary:
    'Ask for a supervisor’s approval before deliveries, parcels or invitations go ahead, and approve or decline requests.',
  blocks: [
    {
      kind: 'p',
      text: 'Any permission can be marked **Requires supervisor approval** when a user or a department is set up. A member whose permission is marked can still act, but the action waits for a supervisor before it goes ahead.',
    },
    {
      kind: 'list',
      items: [
        'A letter delivery waits with the status **In Review**; its price is held from the balance meanwhile.',
        'A parcel booking waits with the status **In Review**.',
        'An invitation of a new user waits until it is approved.',
      ],
    },
    { kind: 'h', text: 'For supervisors' },
    {
      kind: 'steps',
      items: [
        'A supervisor is a user with the **Supervisor** role, for the whole company or for chosen departments. Requests of the people they supervise arrive in their notifications, under **Pending requests**.',
        'Open the bell, then choose **View** to see what is asked, and **Approve** or **Decline**.',
        'An approved action goes ahead at once. A declined delivery or parcel shows **Denied by Supervisor**; any money held for it is released.',
      ],
    },
    { kind: 'p', text: 'Only supervisors of the requester may decide; anyone else sees "Permission denied".' },
  ],
};

export const money: GuideArticle = {
  slug: 'money',
  title: 'Balance, top-ups and spending limits',
  summary:
    'Top up the prepaid balance by card or bank transfer, read transactions and receipts, and set monthly spending limits.',
  blocks: [
    {
      kind: 'p',
      text: 'Letters, parcels and paid plans are paid from your company’s prepaid balance, shown at the bottom right of every screen. When a delivery or booking is made, its price is reserved; it is taken when the letter or parcel goes, and released if it is cancelled or declined.',
    },
    {
      kind: 'image',
      src: '/guide/finances.webp',
      alt: 'The Finances screen: the balance, the transactions table and the monthly spending limits.',
    },
    { kind: 'h', text: 'Top up' },
    {
      kind: 'steps',
      items: [
        'Choose **Add Funds** on the balance at the bottom right, or on [Finances](/finances).',
        `Pay by card: enter the **Amount (£)** (${MONEY_MESSAGES.minimumTopUp}) and your card, then **Pay**. Stay on the page while it says "${MONEY_MESSAGES.processing}"`,
        'Or pay by bank transfer to the account shown, with the reference shown, your account ID (LP- and 11 letters and digits, also on the Company page): the transfer is credited when it arrives.',
      ],
    },
    { kind: 'h', text: 'Transactions and receipts' },
    {
      kind: 'p',
      text: 'The **Transactions** table on [Finances](/finances) lists every top-up, charge and release with who made it, filterable by date. A transaction with a receipt has a **Receipt** button to download it.',
    },
    { kind: 'h', text: 'Monthly spending limits' },
    {
      kind: 'p',
      text: 'Members who may manage finances can give each member a **Monthly spending limit**: **No limit**, a **Standard cap**, or an **Override cap** that takes precedence over the standard one. A delivery or booking that would go over the limit is refused. The owner’s spending is never capped, and nobody can change their own limit.',
    },
    {
      kind: 'tip',
      text: 'In [Account settings](/accountSettings), **Only finance admins see the balance** hides the balance from members who cannot top up.',
    },
  ],
};

export const plans: GuideArticle = {
  slug: 'plans',
  title: 'Plans and account health',
  summary: 'What each plan includes, how to change plan, and what a suspended account means.',
  blocks: [
    {
      kind: 'p',
      text: `The plans are ${planLine}. Every plan sends letters and parcels with users, roles, approvals and spending limits; departments and cloud drive sync start with Business, accounting integrations with Pro. Each plan includes more document storage.`,
    },
    {
      kind: 'steps',
      items: [
        'Open [Plans](/plans) and choose **Select Plan** on the plan you want.',
        'A paid plan’s first month is taken from your balance at once, then each month.',
      ],
    },
    {
      kind: 'p',
      text: `If the balance cannot pay a monthly fee, the account is suspended: a banner at the bottom says so, and Letters, Parcels, Storage and Letterheads are unavailable until you top up to pay the amount owed or move to the ${FREE_PLAN} plan.`,
    },
  ],
};

export const storage: GuideArticle = {
  slug: 'storage',
  title: 'Document storage',
  summary:
    'Keep files and folders, find your letters and your customers’ folders, upload, view, rename, delete and download.',
  blocks: [
    {
      kind: 'p',
      text: '[Storage](/storage) is your company’s document store. Each customer has a folder there, and a letter delivered by the **Cloud storage** channel is filed in its customer’s folder; these are kept for you and cannot be renamed or deleted here. You add your own files and folders beside them.',
    },
    {
      kind: 'image',
      src: '/guide/storage.webp',
      alt: 'The Storage screen: breadcrumb, Upload and New folder buttons, the folder tree and the table of items.',
    },
    {
      kind: 'list',
      items: [
        `**Upload** takes PDF, PNG, JPG, JPEG and GIF files, up to ${STORAGE_MAX_FILES} at once and ${STORAGE_MAX_FILE_BYTES / 1_000_000} MB each.`,
        '**New folder** creates a folder in the folder you are in. Names use letters, digits, spaces, "_", "-" and an apostrophe.',
        'Tick items to **View**, **Rename**, **Delete** or **Download** them. To delete, type the item’s name to confirm.',
        'Move around with the breadcrumb at the top or the folder tree; right-click a folder in the tree for its actions.',
        '**Disk usage** shows how much of your plan’s storage is used.',
      ],
    },
    {
      kind: 'p',
      text: 'Viewing and downloading need access to storage; uploading, creating, renaming and deleting need the permission to manage it.',
    },
  ],
};

export const customers: GuideArticle = {
  slug: 'customers',
  title: 'Customers',
  summary: 'Keep your recipients with their address and communication preferences, and import them from a spreadsheet.',
  blocks: [
    {
      kind: 'p',
      text: '[Customers](/customers) lists the people and companies you write to. A letter whose recipient matches a customer (name and postcode) is linked to them; parcels can be addressed from a customer too.',
    },
    {
      kind: 'image',
      src: '/guide/customers.webp',
      alt: 'The Customers screen: the list of customers with the Add customer and Import buttons.',
    },
    {
      kind: 'list',
      items: [
        '**Add customer** to enter one: name, address with postcode, email, phone, and communication preferences (Mail, Email, SMS, Cloud storage). With none ticked, letters go by Mail; SMS on its own also sends them by Mail.',
        '**Import** a CSV or Excel (.xlsx) file: match its columns, check the rows, and import. Rows that cannot be imported are listed with the reason and can be downloaded to correct.',
        'Select a customer to see and edit their details and their letters.',
        'In a letter’s panel, **Choose a customer** links it to a customer, or **Save recipient as a new customer** adds the recipient read from the letter.',
      ],
    },
  ],
};

export const letterheads: GuideArticle = {
  slug: 'letterheads',
  title: 'Letterheads',
  summary: 'Keep a primary and a secondary letterhead and put one behind the letters you send.',
  blocks: [
    {
      kind: 'p',
      text: '[Letterheads](/letterheads) holds up to two letterheads, primary and secondary, each a PDF (its first page is used) or a PNG or JPEG image.',
    },
    {
      kind: 'image',
      src: '/guide/letterheads.webp',
      alt: 'The Letterheads screen: the primary and secondary letterhead cards with their upload areas.',
    },
    {
      kind: 'steps',
      items: [
        'Drag one file onto a card’s upload area, or choose **Upload**. A new file replaces that card’s letterhead.',
        'Check the preview. **Delete** removes a letterhead.',
        'When you deliver a letter, choose the letterhead and whether it goes on page 1 only or on every page.',
      ],
    },
  ],
};

export const integrations: GuideArticle = {
  slug: 'integrations',
  title: 'Integrations: accounting imports and drive sync',
  summary:
    'Connect Xero, QuickBooks or Sage to import contacts and invoices, and Google Drive, Dropbox or OneDrive to keep copies of your letters.',
  blocks: [
    {
      kind: 'image',
      src: '/guide/integrations.webp',
      alt: 'The Integrations screen: a card for each accounting and cloud storage provider with Connect buttons.',
    },
    { kind: 'h', text: 'Connect' },
    {
      kind: 'steps',
      items: [
        'Open [Integrations](/integrations) and choose **Connect** on the provider’s card.',
        'Sign in to the provider and allow access. You come back to LetterPost and the card shows **Connected**.',
        '**Disconnect** stops it; what you imported stays.',
      ],
    },
    { kind: 'h', text: 'Accounting: Xero, QuickBooks and Sage' },
    {
      kind: 'list',
      items: [
        '**Contacts** lists the provider’s contacts: select them and choose **Import selected** to add them as customers. A contact imported again updates its customer.',
        '**Invoices** lists the sales invoices: the ones you import become letters addressed to their contacts, ready to deliver.',
      ],
    },
    { kind: 'h', text: 'Cloud drives: Google Drive, Dropbox and OneDrive' },
    {
      kind: 'p',
      text: 'Switch on **Auto-sync** to copy each letter you send to the drive, in a folder named "LetterPost letters". The letter’s panel shows where each copy stands under **Cloud sync**.',
    },
    {
      kind: 'tip',
      text: 'Cloud drive sync needs the Business plan or above, accounting integrations the Pro plan or above, and both need the permission to manage integrations.',
    },
  ],
};

export const users: GuideArticle = {
  slug: 'users-and-departments',
  title: 'Users, departments, roles and permissions',
  summary: 'Invite colleagues, give them roles and permissions, group them in departments and set who supervises whom.',
  blocks: [
    {
      kind: 'image',
      src: '/guide/users.webp',
      alt: 'The Users and departments screen: the list of users with their roles and department.',
    },
    { kind: 'h', text: 'Invite a colleague' },
    {
      kind: 'steps',
      items: [
        'Open [Users & Departments](/users) and choose **Add users**, then **Add a single user**.',
        '**Permissions**: pick a department (its preset permissions are applied, and you may change them) and tick roles or single permissions. A permission can be marked **Requires supervisor approval**.',
        '**Email**: the person’s full name and email address.',
        '**Confirmation**: check and confirm. They receive an email with a link to set their password.',
      ],
    },
    { kind: 'h', text: 'Roles' },
    {
      kind: 'list',
      items: [
        '**Contributor**: an office manager who handles mailing.',
        '**Editor**: a designer or marketer.',
        '**Admin**: almost full control, except transferring ownership or deleting the account.',
        '**Supervisor**: sees the activity of the company or chosen departments and approves actions.',
      ],
    },
    {
      kind: 'p',
      text: 'Permissions come in three groups: operational (create, send and delete letters and parcels, manage letterheads), observable (see letters, parcels, customers, finances, users) and administrative (storage, customers, finances, users, company, integrations, approvals, company address, plan). Each screen and button follows them.',
    },
    { kind: 'h', text: 'Departments' },
    {
      kind: 'p',
      text: 'With the Business plan or above, members who may manage the company choose **Add users**, then **Create departments**: each department has a name, preset permissions and its supervisors. A department can be deleted once it has no members.',
    },
    {
      kind: 'tip',
      text: 'Select a user to edit their roles, department and monthly spending limit, or to delete them. Nobody can edit or delete themselves.',
    },
  ],
};

export const parcels: GuideArticle = {
  slug: 'parcels',
  title: 'Parcels: quote, book, label and track',
  summary: 'Compare carriers’ prices, book a collection, print the label and follow the parcel.',
  blocks: [
    {
      kind: 'image',
      src: '/guide/parcels-order.webp',
      alt: 'Booking a parcel: the four steps with the recipient’s details form.',
    },
    { kind: 'h', text: 'Book a parcel' },
    {
      kind: 'steps',
      items: [
        'Open [Parcels](/parcels) and choose **Book a parcel**.',
        'Recipient details: name, phone, address, town, county and postcode, or **Fill from a customer**.',
        'Sender details: when your company profile has a postal address it is filled in for you; change it if the parcel is collected elsewhere.',
        'Quote: choose a **Preset** (Small, Medium, Large) or **Custom** dimensions and weight, the value and a short description of the goods and the collection date, then **Get quotes**. Pick a carrier service from the list.',
        'Confirmation: check everything and choose **Confirm**. The price is paid from your balance.',
      ],
    },
    {
      kind: 'p',
      text: 'If no carrier can take the parcel you will see "No carriers available for this parcel. Try entering other details (e.g. modifying the dimensions, collection date, the goods value, etc...)".',
    },
    { kind: 'h', text: 'Label and tracking' },
    {
      kind: 'list',
      items: [
        'A booked parcel shows **Awaiting Label** until the carrier sends its label, then **Confirmed**.',
        'Open the parcel for **Label preview**, **Download** and **Print** of the label. "This label is not available yet. Please try again later." means the carrier has not sent it yet.',
        '**Track** shows each tracking event from the carrier.',
      ],
    },
  ],
};

export const desktopApp: GuideArticle = {
  slug: 'desktop-app',
  title: 'Desktop app and downloads',
  summary: 'Install LetterPost as an app from your browser, or download the desktop installer for Windows or Mac.',
  blocks: [
    {
      kind: 'list',
      items: [
        '[Download for Windows](/download/windows) and [Download for Mac](/download/mac) download the desktop installer files one after another. If your browser asks whether the site may download several files, allow it. When no installer is offered for your system the page says so.',
        'On Windows, in Microsoft Edge choose **Settings and more (…) › Apps › Install this site as an app**; in Google Chrome use the install icon in the address bar.',
        'On a Mac, in Safari choose **File › Add to Dock**; in Google Chrome use the install icon in the address bar.',
      ],
    },
  ],
};
