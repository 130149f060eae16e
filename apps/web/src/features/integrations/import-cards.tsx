import { INTEGRATION_MESSAGES } from '@lp/domain';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '../../components/visually-hidden';
import type { ImportContact, ImportInvoice } from './api';
import { formatInvoiceTotal } from './money';
import { INTEGRATIONS_TEXT as T } from './texts';

interface SelectableCardProps {
  selected: boolean;
  disabled: boolean;
  onToggle: () => void;
  /** The checkbox's name: "Select {what}". */
  what: string;
  title: string;
  imported: boolean;
  /** What an earlier import made of it (its customer or letter), when the member may open it. */
  local?: { to: string; label: string } | undefined;
  children: ReactNode;
  testId: string;
}

/** A card with its select box, a title, the "already imported" mark and what the card shows. */
function SelectableCard({
  selected,
  disabled,
  onToggle,
  what,
  title,
  imported,
  local,
  children,
  testId,
}: SelectableCardProps) {
  const titleId = useId();
  return (
    <Card
      component="li"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid={testId}
      sx={{
        display: 'flex',
        gap: 1,
        p: 1.5,
        minWidth: 0,
        // The items' tooltip is drawn inside the card (see ItemsTooltip) and may reach past it.
        overflow: 'visible',
        borderColor: selected ? 'primary.main' : undefined,
        bgcolor: selected ? 'action.selected' : undefined,
      }}
    >
      <Checkbox
        checked={selected}
        disabled={disabled}
        onChange={onToggle}
        slotProps={{ input: { 'aria-label': T.select(what) } }}
        sx={{ alignSelf: 'flex-start', mt: -0.5, ml: -0.5 }}
      />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography id={titleId} component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere', flex: 1 }}>
            {title}
          </Typography>
          {imported ? <Chip size="small" color="success" variant="outlined" label={T.alreadyImported} /> : null}
        </Box>
        {children}
        {imported && local ? (
          <Link component={RouterLink} to={local.to} sx={{ alignSelf: 'flex-start' }}>
            {local.label}
          </Link>
        ) : null}
      </Box>
    </Card>
  );
}

/** "View … in {provider}", opening the provider's page in a new tab. */
function ProviderLink({ href, children }: { href: string; children: string }) {
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}
    >
      {children}
      <OpenInNew fontSize="inherit" aria-hidden="true" />
      <Box component="span" sx={visuallyHidden}>
        {` ${T.newTab}`}
      </Box>
    </Link>
  );
}

export interface ContactCardProps {
  contact: ImportContact;
  provider: string;
  selected: boolean;
  disabled: boolean;
  onToggle: () => void;
  /** The member may open customers (a link to the one an earlier import made). */
  canOpen: boolean;
}

/** A provider's contact: recipient, email, address lines and "View contact in {provider}". */
export function ContactCard({ contact, provider, selected, disabled, onToggle, canOpen }: ContactCardProps) {
  const local =
    canOpen && contact.customer_uuid
      ? { to: `/customers?customer=${encodeURIComponent(contact.customer_uuid)}`, label: T.openCustomer }
      : undefined;
  return (
    <SelectableCard
      local={local}
      selected={selected}
      disabled={disabled}
      onToggle={onToggle}
      what={contact.recipient}
      title={contact.recipient}
      imported={contact.imported}
      testId="contact-card"
    >
      <Typography
        variant="body2"
        sx={{ overflowWrap: 'anywhere' }}
        color={contact.email ? undefined : 'text.secondary'}
      >
        {contact.email || T.noEmail}
      </Typography>
      {contact.address.length > 0 ? (
        <Typography variant="body2" component="address" sx={{ fontStyle: 'normal' }}>
          {contact.address.map((line, i) => (
            // Address lines may repeat (two blank-ish lines); their order is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id of their own
            <Box component="span" key={i} sx={{ display: 'block' }}>
              {line}
            </Box>
          ))}
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {T.noAddress}
        </Typography>
      )}
      {contact.preview_url ? (
        <ProviderLink href={contact.preview_url}>{INTEGRATION_MESSAGES.viewContact(provider)}</ProviderLink>
      ) : null}
    </SelectableCard>
  );
}

export interface InvoiceCardProps {
  invoice: ImportInvoice;
  provider: string;
  selected: boolean;
  disabled: boolean;
  onToggle: () => void;
  /** The member may open letters (a link to the one an earlier import made). */
  canOpen: boolean;
}

/** A provider's invoice: its number, recipient, total with currency, the items in a tooltip, "View invoice in {provider}". */
export function InvoiceCard({ invoice, provider, selected, disabled, onToggle, canOpen }: InvoiceCardProps) {
  const number = T.invoiceNumber(invoice.user_invoice_id);
  const local =
    canOpen && invoice.letter_uuid
      ? { to: `/letters?letter=${encodeURIComponent(invoice.letter_uuid)}`, label: T.openLetter }
      : undefined;
  return (
    <SelectableCard
      local={local}
      selected={selected}
      disabled={disabled}
      onToggle={onToggle}
      what={number}
      title={number}
      imported={invoice.imported}
      testId="invoice-card"
    >
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {invoice.recipient}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }} data-testid="invoice-total">
          {formatInvoiceTotal(invoice.total, invoice.currency)}
        </Typography>
        {invoice.items.length > 0 ? <ItemsTooltip invoiceId={invoice.user_invoice_id} items={invoice.items} /> : null}
      </Box>
      {invoice.preview_url ? (
        <ProviderLink href={invoice.preview_url}>{INTEGRATION_MESSAGES.viewInvoice(provider)}</ProviderLink>
      ) : null}
    </SelectableCard>
  );
}

/**
 * The invoice's items in a tooltip on a button: hover or focus shows it (so it is reached with Tab),
 * a click or tap toggles it, Escape closes it. The button is described by the list while it shows.
 */
function ItemsTooltip({ invoiceId, items }: { invoiceId: string; items: string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <Tooltip
      describeChild
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      // Kept in the page's main landmark rather than at the end of the body.
      // Opaque and at body size: the list is read over the next card.
      slotProps={{
        popper: { disablePortal: true },
        tooltip: { sx: { bgcolor: 'grey.900', fontSize: '0.8125rem', maxWidth: 360, py: 1 } },
      }}
      title={
        <Box component="ul" aria-label={T.itemsOf(invoiceId)} sx={{ m: 0, pl: 2 }}>
          {items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two items may read the same
            <li key={i}>{item}</li>
          ))}
        </Box>
      }
    >
      <Button size="small" variant="text" onClick={() => setOpen((o) => !o)} sx={{ minWidth: 0 }}>
        {T.items(items.length)}
      </Button>
    </Tooltip>
  );
}
