import {
  CLOUD_LINK_DEFAULT_DAYS,
  CLOUD_LINK_MAX_DAYS,
  DELIVERY_MESSAGES,
  LETTER_MESSAGES,
  MAIL_MAX_PAGES,
  UPLOAD_MAX_FILES,
  UPLOAD_MAX_MB,
} from '@lp/domain';
import type { GuideArticle } from './types';

export const uploadingLetters: GuideArticle = {
  slug: 'uploading-letters',
  title: 'Uploading letters',
  summary: 'Upload PDF or Word letters, follow their upload and find them in the Letters list.',
  blocks: [
    {
      kind: 'p',
      text: 'Every letter starts as a file you upload: a PDF, or a Word document (DOCX) that is converted to PDF for you. The recipient is read from the address window of page 1, so write the letter with the address where a DL window envelope shows it.',
    },
    {
      kind: 'image',
      src: '/guide/letters.webp',
      alt: 'The Letters screen: tabs, search box, the Upload letters button and the list of letters with their status.',
    },
    { kind: 'h', text: 'Upload' },
    {
      kind: 'steps',
      items: [
        'Open [Letters](/letters) and choose **Upload letters**.',
        `Drag and drop your files onto the area, or choose them. Up to ${UPLOAD_MAX_FILES} files at once, each at most ${UPLOAD_MAX_MB} MB, PDF or DOCX only.`,
        'For each file, choose **Regular letter** (one letter) or **Merged letter** (one file holding many letters, for example a mail merge). A file you chose by mistake can be removed from the list before you upload.',
        'Choose **Upload**. A small progress toast at the bottom shows each file; you can keep working meanwhile.',
      ],
    },
    {
      kind: 'p',
      text: `When everything is sent the toast says "${LETTER_MESSAGES.uploadAllUploaded}". If some files could not be sent it says "${LETTER_MESSAGES.uploadMixed}": only those letters failed, upload them again.`,
    },
    { kind: 'h', text: 'What happens next' },
    {
      kind: 'p',
      text: 'Each letter is analysed: its pages are counted, the recipient and postcode are read from the address window (a scanned letter is read by OCR), and page 1 is checked against the envelope window: the whole address inside it, nothing else in it, and room for the postal barcode. Meanwhile its status is **Processing**. A letter that is ready shows **New**; one that needs your attention shows **Encountered Issues** or **Failed** (see [Fixing problems with a letter](/guide/fixing-letters)).',
    },
    {
      kind: 'list',
      items: [
        'The tabs **All**, **New**, **Scheduled**, **Sent**, **Failed** and **Trash** sort your letters; each shows how many it holds.',
        'Search by name, recipient or creator, filter with **Filter by:**, and switch between the table and the gallery of thumbnails.',
        'Select a row to open the letter: its preview, **Download**, the recipient, the delivery form, its delivery details and its history.',
        'Delete moves a letter to **Trash**, where you can **Restore** it or choose **Delete Permanently**.',
      ],
    },
  ],
};

export const fixingLetters: GuideArticle = {
  slug: 'fixing-letters',
  title: 'Fixing problems with a letter',
  summary:
    'What Encountered Issues and Failed mean: the address window, scanned letters, the postcode, the barcode area, merged files and unreadable files.',
  blocks: [
    {
      kind: 'p',
      text: 'When the analysis finds a problem, the letter panel says what it is in a banner above the buttons. Most problems are fixed in a few clicks; some need a corrected file.',
    },
    {
      kind: 'image',
      src: '/guide/letter-panel.webp',
      alt: 'A letter opened in its panel: status, preview and download buttons, and the delivery form.',
    },
    { kind: 'h', text: 'Nothing in the address window' },
    {
      kind: 'p',
      text: 'If the banner says "No text was found in the address window of page 1." or "No address lines were found in the address window of page 1.", the letter ends in **Failed**. Choose **Correct the address**, type the recipient, then **Add an address sheet** to print it where the window shows it. Or move the recipient’s name and address into the window area at the top left of page 1 (where a DL window envelope shows it), save the file and upload it again.',
    },
    { kind: 'h', text: 'The address runs outside the window' },
    {
      kind: 'p',
      text: 'The window of a DL envelope shows page 1 from 20 to 110 mm from the left and 45 to 90 mm from the top. When a line of the address lies outside it (a long address pushed down by a company name, an address typed at the top of the page), the letter shows **Encountered Issues**, and the banner says which edge and by how many millimetres. Posted as it is, the window would show only part of the address.',
    },
    {
      kind: 'steps',
      items: [
        'Open the letter and choose **Show the problem on the page**: the preview draws the window and each line of the address, and marks in red the part outside.',
        'Choose **Re-set the address on page 1**: the old address is whited out and the address is set again inside the window in a standard font; the rest of your letter is not changed. It is offered when nothing else sits in the window.',
        'Or choose **Add an address sheet** (below).',
        'Check the preview, then deliver. Until the letter is on its way you can undo the fix.',
      ],
    },
    { kind: 'h', text: 'Something else in the window' },
    {
      kind: 'p',
      text: 'The window must show the address and nothing else: a date, a reference, a return-address line, the "Dear ..." line, a logo, a coloured band or a tint inside it would show through the envelope too. The banner names each one and where it is, in millimetres from the top-left of page 1, and the preview marks it in red. Add an address sheet, or move it out of the window in your document and upload it again.',
    },
    { kind: 'h', text: 'A scanned letter' },
    {
      kind: 'p',
      text: 'A letter without text (a scan, or a photo saved as PDF) is read by OCR, and the panel says so with its confidence. When the reading is unsure the letter shows **Encountered Issues** and waits: check the address, correct it if needed, and choose **Confirm the address**.',
    },
    { kind: 'h', text: 'Invalid postcode' },
    {
      kind: 'p',
      text: 'A letter whose address has no valid UK postcode, or a postcode that does not exist, shows **Encountered Issues** with the reason. It cannot be posted, but it can still be sent by email, text message or cloud link. To post it, choose **Correct the address** and fix the postcode, then re-set the address or add an address sheet so the corrected address is the one printed.',
    },
    { kind: 'h', text: 'The barcode area is not empty' },
    {
      kind: 'p',
      text: 'The postal barcode is printed in the address window beside the address. When the address leaves it no room, the letter shows **Encountered Issues** and cannot be posted as it is.',
    },
    {
      kind: 'steps',
      items: [
        'Open the letter and choose **Show the problem on the page**: the preview outlines the window and marks in red what sits in it.',
        'Choose **Add an address sheet**. A first page with the address set where the window shows it is put in front of your letter; your own pages are not changed. The extra sheet is priced when the letter is posted.',
        'Check the preview, then deliver. Until the letter is on its way you can choose **Take off the address sheet** to get your letter back as you uploaded it.',
      ],
    },
    {
      kind: 'tip',
      text: 'Letters that cannot be delivered as they are, for any of these reasons, are listed under the **Failed** tab, each with a word for what is wrong.',
    },
    { kind: 'h', text: 'A merged file: split it' },
    {
      kind: 'p',
      text: 'A file uploaded as a **Merged letter** holds several letters. Open it and choose **Split**: the product finds where each letter starts (a page with an address in the window). Choose **Review the split** to see the pages in order; tick or untick **Starts a new letter** under a page to move the cuts, then create the letters. Each becomes a letter of its own, ready to deliver.',
    },
    { kind: 'p', text: `If no second letter is found you will see "${LETTER_MESSAGES.splitNoSecondLetter}"` },
    { kind: 'h', text: 'The file cannot be read' },
    { kind: 'p', text: `A damaged or unusual file ends in **Failed**: "${LETTER_MESSAGES.corrupted}"` },
    { kind: 'h', text: 'Too many pages to post' },
    {
      kind: 'p',
      text: `${DELIVERY_MESSAGES.mailTooManyPages} Send them by email, text message or cloud link instead.`,
    },
  ],
};

export const deliveringLetters: GuideArticle = {
  slug: 'delivering-letters',
  title: 'Delivering letters',
  summary: 'Send a letter by mail, email, text message, cloud link or to cloud storage, see its price and follow it.',
  blocks: [
    {
      kind: 'p',
      text: 'Open a letter with the status **New** in [Letters](/letters). The delivery form in its panel lets you choose one or more **Delivery channels**; the price shows as soon as your choices are complete, with the **Total** and your **Balance after**.',
    },
    { kind: 'h', text: 'The channels' },
    {
      kind: 'list',
      items: [
        '**Mail**: printed and posted. Choose **Postage** (**Premium (1st class)** or **Standard (2nd class)**) and **Print** (**Colour** or **Black and white**); left as they are, your company’s delivery preferences apply. **Print proof** shows the letter exactly as it will be printed.',
        `**Email**: enter the **Recipient's email**, a **Subject** and a **Message to the recipient**. The letter is attached, or tick **Send a link instead of attaching the letter**.`,
        `**Text message**: a UK mobile number (07…) in **Recipient's mobile number** and the **Text message**; a link to the letter is added.`,
        `**Cloud link**: a private link to the letter, valid for ${CLOUD_LINK_DEFAULT_DAYS} days unless you change **Link expires after (days)** (1 to ${CLOUD_LINK_MAX_DAYS}). The recipient needs no account to open it. To end it sooner, choose **Revoke link** in **Delivery details**: every link to the letter (also one sent by email or text message) stops working at once.`,
        '**Cloud storage**: the letter is filed in the customer’s own folder, so the letter must be linked to a customer first.',
      ],
    },
    {
      kind: 'p',
      text: 'You can also put your company’s primary or secondary letterhead behind the letter, on page 1 or on every page (see [Letterheads](/guide/letterheads)).',
    },
    { kind: 'h', text: 'Send it' },
    {
      kind: 'steps',
      items: [
        'Choose the channels and fill in what each asks for.',
        'Leave **When** on **Now**, or choose **Scheduled** (see [Scheduling a delivery](/guide/scheduling)).',
        'Choose **Deliver**. The price is held from your balance and taken when the letter is handed over.',
      ],
    },
    {
      kind: 'p',
      text: 'The status moves to **Sending**, then **Sent**. **Delivery details** in the panel show which channels succeeded; the history lists every step. If a supervisor must approve your deliveries the letter shows **In Review** first (see [Approvals and supervisors](/guide/approvals)).',
    },
    { kind: 'h', text: 'Why is Mail greyed out?' },
    {
      kind: 'list',
      items: [
        DELIVERY_MESSAGES.mailTooManyPages,
        DELIVERY_MESSAGES.mailIssues,
        DELIVERY_MESSAGES.customerOmitsMail,
        DELIVERY_MESSAGES.mailOmitted,
      ],
    },
    {
      kind: 'tip',
      text: `Your company’s defaults (postage, print, email as attachment or link, auto-deliver, channels left out) are set in [Account settings](/accountSettings) under **Letter delivery**. Letters of more than ${MAIL_MAX_PAGES} pages are never posted.`,
    },
  ],
};

export const scheduling: GuideArticle = {
  slug: 'scheduling',
  title: 'Scheduling a delivery',
  summary: 'Deliver a letter later, between 1 minute and 30 days ahead, and cancel a scheduled delivery.',
  blocks: [
    {
      kind: 'steps',
      items: [
        'In the letter’s delivery form, set **When** to **Scheduled**.',
        'Choose the **Delivery date and time**: at least 1 minute from now and at most 30 days ahead.',
        'Choose **Deliver**. The letter shows **Scheduled** and appears in the **Scheduled** tab.',
      ],
    },
    {
      kind: 'p',
      text: 'The price is held from your balance until the letter goes. To stop it, open the letter and choose **Cancel Delivery**: the money held for it is released and the letter goes back to the status it had (usually **New**).',
    },
    {
      kind: 'p',
      text: `Once the delivery has started it can no longer be cancelled: "${DELIVERY_MESSAGES.tooLateToCancel}"`,
    },
  ],
};
