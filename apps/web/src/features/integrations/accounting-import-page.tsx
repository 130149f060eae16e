import { type AccountingEntityType, INTEGRATION_MESSAGES, type IntegrationProviderInfo, MESSAGES } from '@lp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Loading } from '../../components/loading';
import { MessageBanner } from '../../components/message-banner';
import { NotFound } from '../../components/not-found';
import { Page } from '../../components/page';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useMe } from '../../lib/session';
import { ACCOUNTING_ENTITY_TYPES, findAccountingProvider } from './accounting-providers';
import {
  type ContactsPreview,
  type ImportEntity,
  type ImportOutcome,
  integrationFailureMessage,
  isUpgradeRequired,
  previewContactsImport,
  useEntities,
  useImport,
  useIntegrations,
} from './api';
import { ContactChangesDialog, changedMatches } from './contact-changes-dialog';
import { ContactCard, InvoiceCard } from './import-cards';
import { INTEGRATIONS_TEXT as T } from './texts';

/** /:provider/:entityType: contacts or invoices of an accounting provider, for import. Other pairs are not pages. */
export function AccountingImportPage() {
  const { provider, entityType } = useParams();
  const info = findAccountingProvider(provider);
  const entity = ACCOUNTING_ENTITY_TYPES.find((t) => t === entityType);
  const me = useMe().data;
  if (!info || !entity) return <NotFound />;
  if (!me) return null;
  const title = T.entityLabel(info.name, entity);
  if (!me.abilities.includes('manage_integrations'))
    return (
      <Page title={title}>
        <MessageBanner kind="info">{MESSAGES.permissionDenied}</MessageBanner>
      </Page>
    );
  return (
    <Page title={title} maxWidth={1366}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {T.importIntro[entity](info.name)}
      </Typography>
      <ConnectedOnly key={`${info.id}/${entity}`} info={info} entity={entity} abilities={me.abilities} />
    </Page>
  );
}

const toIntegrations = (
  <Button component={RouterLink} to="/integrations" color="inherit" size="small">
    {T.goToIntegrations}
  </Button>
);

interface ImportProps {
  info: IntegrationProviderInfo;
  entity: AccountingEntityType;
  abilities: readonly string[];
}

/** The list, once the provider is known to be connected; otherwise the way to connect it. */
function ConnectedOnly(props: ImportProps) {
  const list = useIntegrations();
  const { info } = props;
  if (list.isPending) return <Loading />;
  if (list.isError)
    return (
      <MessageBanner kind="error" action={retryButton(() => void list.refetch())}>
        {integrationFailureMessage(list.error)}
      </MessageBanner>
    );
  const row = list.data.find((i) => i.provider === info.id);
  if (!row?.connected)
    return (
      <MessageBanner kind="info" action={toIntegrations}>
        {INTEGRATION_MESSAGES.notConnected(info.name)}
      </MessageBanner>
    );
  if (row.status === 'revoked')
    return (
      <MessageBanner kind="warning" action={toIntegrations}>
        {INTEGRATION_MESSAGES.revoked(info.name)}
      </MessageBanner>
    );
  return <EntityImport {...props} />;
}

function retryButton(onClick: () => void) {
  return (
    <Button color="inherit" size="small" onClick={onClick}>
      {T.tryAgain}
    </Button>
  );
}

type Entity = ImportEntity;

/** What the last import gave, shown above the cards until the next. */
type Outcome = ImportOutcome;

/** The links that go where the member may go: to customers, to letters. */
function openers(abilities: readonly string[]) {
  return {
    customers: abilities.includes('see_recipients') || abilities.includes('manage_recipients'),
    letters: abilities.includes('see_letters'),
  };
}

/**
 * The provider's contacts or invoices as cards (a grid, one column under 900 px) with select boxes,
 * Select all and Import selected (POST .../{entity}/import { ids }, a hundred at a time, with
 * progress), then what the import made. The provider's list comes a page at a time: Show more.
 */
function EntityImport({ info, entity, abilities }: ImportProps) {
  const list = useEntities(info.id, entity);
  const [done, setDone] = useState(0);
  const importing = useImport(info.id, entity, setDone);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [upgrade, setUpgrade] = useState<string | null>(null);
  // Contacts: what the import would do, read first; the customers it would change are asked about.
  const [previewing, setPreviewing] = useState(false);
  const [review, setReview] = useState<{ ids: string[]; matches: ContactsPreview['contacts'] } | null>(null);
  const busy = importing.isPending || previewing;
  const can = openers(abilities);

  // A failed further page keeps the pages already shown (below); only a first failure replaces them.
  if (!list.data) {
    if (!list.isError) return <Loading />;
    const upgradeNeeded = isUpgradeRequired(list.error);
    const refused = isApiError(list.error) && list.error.status >= 400 && list.error.status < 500;
    return (
      <MessageBanner
        kind="error"
        action={
          upgradeNeeded ? (
            <Button component={RouterLink} to="/plans" color="inherit" size="small">
              {T.seePlans}
            </Button>
          ) : refused ? (
            toIntegrations
          ) : (
            retryButton(() => void list.refetch())
          )
        }
        data-testid="entities-error"
      >
        {integrationFailureMessage(list.error)}
      </MessageBanner>
    );
  }

  const rows: Entity[] = list.data.pages.flatMap((p) => p.rows);
  // Only what is still listed counts (a refetch may drop a selected one).
  const chosen = rows.filter((r) => selected.has(r.external_id)).map((r) => r.external_id);
  const all = rows.length > 0 && chosen.length === rows.length;
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const run = () => {
    if (chosen.length === 0) {
      notify(INTEGRATION_MESSAGES.nothingChosen, { variant: 'warning' });
      return;
    }
    setUpgrade(null);
    setDone(0);
    if (entity === 'contacts') {
      setPreviewing(true);
      previewContactsImport(info.id, chosen)
        .then((contacts) => {
          const matches = changedMatches(contacts);
          if (matches.length > 0) setReview({ ids: chosen, matches });
          else send(chosen, []);
        })
        .catch(failed)
        .finally(() => setPreviewing(false));
      return;
    }
    send(chosen, []);
  };

  const failed = (error: unknown) => {
    const message = integrationFailureMessage(error);
    if (isUpgradeRequired(error)) setUpgrade(message);
    notify(message, { variant: 'error' });
  };

  const send = (ids: string[], update: string[]) => {
    setDone(0);
    importing.mutate(
      { ids, update },
      {
        onSuccess: (made) => {
          setSelected(new Set());
          setOutcome(made);
          notify(outcomeMessage(made), { variant: 'success' });
        },
        // Slices sent before the failure were imported: the list (read again) marks them.
        onError: failed,
      },
    );
  };

  const total = importing.variables?.ids.length ?? 0;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {review ? (
        <ContactChangesDialog
          provider={info.name}
          matches={review.matches}
          onCancel={() => setReview(null)}
          onConfirm={(update) => {
            const { ids } = review;
            setReview(null);
            send(ids, update);
          }}
        />
      ) : null}
      {outcome ? <OutcomeBanner outcome={outcome} rows={rows} can={can} onClose={() => setOutcome(null)} /> : null}
      {upgrade ? (
        <MessageBanner
          kind="error"
          onClose={() => setUpgrade(null)}
          action={
            <Button component={RouterLink} to="/plans" color="inherit" size="small">
              {T.seePlans}
            </Button>
          }
        >
          {upgrade}
        </MessageBanner>
      ) : null}

      {rows.length === 0 ? (
        <Typography>{T.none[entity]}</Typography>
      ) : (
        <>
          <Box
            role="toolbar"
            aria-label={T.entityLabel(info.name, entity)}
            sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}
          >
            <FormControlLabel
              label={T.selectAll}
              control={
                <Checkbox
                  checked={all}
                  indeterminate={chosen.length > 0 && !all}
                  disabled={busy}
                  onChange={() => setSelected(all ? new Set() : new Set(rows.map((r) => r.external_id)))}
                />
              }
            />
            <Typography color="text.secondary" aria-live="polite" sx={{ flex: 1 }}>
              {T.selected(chosen.length)}
            </Typography>
            <Button variant="contained" onClick={run} disabled={busy}>
              {T.importSelected}
            </Button>
          </Box>
          {previewing ? (
            <Box role="status">
              <LinearProgress aria-label={T.checkingContacts(chosen.length)} />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {T.checkingContacts(chosen.length)}
              </Typography>
            </Box>
          ) : null}
          {importing.isPending ? (
            <Box role="status">
              <LinearProgress
                variant={total > 0 ? 'determinate' : 'indeterminate'}
                value={total > 0 ? Math.round((done / total) * 100) : 0}
                aria-label={T.importing(total, entity)}
              />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {`${T.importing(total, entity)} ${T.importingOf(done, total)}`}
              </Typography>
            </Box>
          ) : null}
          <Box
            component="ul"
            aria-label={T.entityLabel(info.name, entity)}
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(auto-fill, minmax(300px, 1fr))' },
              gap: 2,
            }}
          >
            {rows.map((row) =>
              'user_invoice_id' in row ? (
                <InvoiceCard
                  key={row.external_id}
                  invoice={row}
                  provider={info.name}
                  selected={selected.has(row.external_id)}
                  disabled={busy}
                  onToggle={() => toggle(row.external_id)}
                  canOpen={can.letters}
                />
              ) : (
                <ContactCard
                  key={row.external_id}
                  contact={row}
                  provider={info.name}
                  selected={selected.has(row.external_id)}
                  disabled={busy}
                  onToggle={() => toggle(row.external_id)}
                  canOpen={can.customers}
                />
              ),
            )}
          </Box>
          {list.hasNextPage ? (
            <Button
              variant="outlined"
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
              sx={{ alignSelf: 'center' }}
            >
              {list.isFetchingNextPage ? T.loadingMore : T.showMore}
            </Button>
          ) : null}
          {list.isFetchNextPageError ? (
            <MessageBanner kind="error" data-testid="more-error">
              {integrationFailureMessage(list.error)}
            </MessageBanner>
          ) : null}
        </>
      )}
    </Box>
  );
}

function outcomeMessage(outcome: Outcome): string {
  return outcome.entity === 'contacts'
    ? INTEGRATION_MESSAGES.contactsImported(outcome.answer.created, outcome.answer.updated, outcome.answer.kept)
    : INTEGRATION_MESSAGES.invoicesImported(outcome.answer.letters.length);
}

/** The import's result; for invoices, the new letters (to the letters page, where they are delivered). */
function OutcomeBanner({
  outcome,
  rows,
  can,
  onClose,
}: {
  outcome: Outcome;
  rows: readonly Entity[];
  can: ReturnType<typeof openers>;
  onClose: () => void;
}) {
  if (outcome.entity === 'contacts') {
    const { refused } = outcome.answer;
    const nameOf = (id: string) => rows.find((r) => r.external_id === id)?.recipient ?? id;
    return (
      <MessageBanner
        kind={refused.length > 0 ? 'warning' : 'success'}
        onClose={onClose}
        data-testid="import-outcome"
        action={
          can.customers ? (
            <Button component={RouterLink} to="/customers" color="inherit" size="small">
              {T.viewCustomers}
            </Button>
          ) : undefined
        }
      >
        {outcomeMessage(outcome)}
        {refused.length > 0 ? (
          <>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {T.refusedTitle(refused.length)}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {refused.map((r) => (
                <li key={r.external_id}>{`${nameOf(r.external_id)}: ${r.reason}`}</li>
              ))}
            </Box>
          </>
        ) : null}
      </MessageBanner>
    );
  }
  const letters = outcome.answer.letters;
  return (
    <MessageBanner kind="success" onClose={onClose} data-testid="import-outcome">
      {outcomeMessage(outcome)}
      {letters.length > 0 ? (
        <>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {T.newLetters}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {letters.map((l) => (
              <li key={l.uuid}>
                {can.letters ? (
                  <Link component={RouterLink} to={`/letters?letter=${encodeURIComponent(l.uuid)}`}>
                    {T.letterFor(l.user_invoice_id)}
                  </Link>
                ) : (
                  T.letterFor(l.user_invoice_id)
                )}
              </li>
            ))}
          </Box>
        </>
      ) : null}
    </MessageBanner>
  );
}

export default AccountingImportPage;
