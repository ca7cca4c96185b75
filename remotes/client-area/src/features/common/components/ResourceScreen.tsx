import type { ReactNode } from 'react';
import { errorMessage, type Workspace } from '@kloof/api-client';
import {
  autoGrid,
  ButtonLink,
  EmptyState,
  PageHeader,
  panel,
  plainList,
  ResourceState,
  type Resource,
} from '@kloof/ui';
import { LoadMore, SearchField, type PagedList } from '@kloof/ui/lists';
import { useEditor } from '../use-editor';
import { DeleteDialog } from './DeleteDialog';
import { ItemList, ItemRow } from './ItemRow';
import { NewButton } from './NewButton';
import { RowActions } from './RowActions';

/** What the screen's form is told: the item to edit (none for a new one), and when it is done. */
export interface FormSlot<T> {
  item: T | undefined;
  onSaved: (saved: T) => void;
  onClose: () => void;
}

interface Props<T extends { id: string }> {
  /** The resource in the singular and plural, lower case: 'project', 'projects' (title "Projects", "New project"). */
  noun: { one: string; many: string };
  description: string;
  /** The loaded pages (usePagedList): the screen shows them and keeps them right after a change. */
  list: PagedList<T>;
  remove: (id: string) => Promise<void>;
  /** The name of an item, for its Edit and Delete buttons and the delete question. */
  nameOf: (item: T) => string;
  /** Items that live in a workspace: with no workspace yet, the screen shows the way to create one. */
  needsWorkspace?: { newest: Resource<Workspace | null>; why: string };
  /** The search the server runs (kept in the address by the screen). */
  search: { label: string; value: string; onSearch: (text: string) => void };
  /** Filters beside the search. */
  filters?: ReactNode;
  /** Whether an item made or changed here belongs in the list as it is searched and filtered now. */
  fits: (item: T) => boolean;
  /** The empty list, given the New button. */
  empty: (newButton: ReactNode) => ReactNode;
  /** Cards in a grid (workspaces) or full-width rows (projects, links). */
  layout: 'cards' | 'rows';
  renderItem: (item: T) => ReactNode;
  renderForm: (slot: FormSlot<T>) => ReactNode;
  /** What else goes with a deleted item, under the delete question. */
  deleteNote?: (item: T) => ReactNode;
  /** Whether the user's role lets them edit and delete an item (a viewer's rows have no buttons). */
  canChange?: (item: T) => boolean;
}

/**
 * A list screen of one of the user's own resources, a page at a time: search, filters, list, "Load
 * more", create, edit, delete. A change made here is applied to the loaded pages (no reload).
 */
export function ResourceScreen<T extends { id: string }>(props: Props<T>) {
  const { list, noun, nameOf, needsWorkspace, fits, search } = props;
  const title = noun.many.charAt(0).toUpperCase() + noun.many.slice(1);
  const editor = useEditor<T>({
    created: (item) => {
      if (fits(item)) list.prepend(item);
    },
    changed: (item) => (fits(item) ? list.replace(item) : list.remove(item.id)),
    deleted: (item) => list.remove(item.id),
  });
  const { deleting } = editor;
  const newestWorkspace = needsWorkspace?.newest.data;
  const noWorkspaces = newestWorkspace === null;
  const newButton = (
    <NewButton onClick={editor.create} disabled={needsWorkspace ? !newestWorkspace : false}>
      {`New ${noun.one}`}
    </NewButton>
  );
  const actions = (item: T) =>
    props.canChange?.(item) === false ? null : <RowActions name={nameOf(item)} item={item} editor={editor} />;

  return (
    <section>
      <PageHeader title={title} description={props.description} actions={noWorkspaces ? null : newButton} />
      {noWorkspaces ? (
        <EmptyState
          title="Create a workspace first"
          action={<ButtonLink to="/workspaces">Go to workspaces</ButtonLink>}
        >
          <p>{needsWorkspace?.why}</p>
        </EmptyState>
      ) : (
        <>
          <div css={{ ...autoGrid('14rem', '0 1rem', { max: '20rem' }) }}>
            <SearchField label={search.label} value={search.value} onSearch={search.onSearch} />
            {props.filters}
          </div>
          <ResourceState
            resource={list.resource}
            what={`your ${noun.many}`}
            errorText={errorMessage}
            // Every loaded row deleted while the server has more: "Load more" stays, not the empty state.
            empty={
              list.more.available ? undefined : search.value ? noMatch(noun.many, search.value) : props.empty(newButton)
            }
          >
            {(items) => (
              <>
                {props.layout === 'cards' ? (
                  <Cards label={title} list={items} renderItem={props.renderItem} actions={actions} />
                ) : (
                  <ItemList label={title}>
                    {items.map((item) => (
                      <ItemRow key={item.id} actions={actions(item)}>
                        {props.renderItem(item)}
                      </ItemRow>
                    ))}
                  </ItemList>
                )}
                <LoadMore shown={items.length} noun={noun} more={list.more} errorText={errorMessage} />
              </>
            )}
          </ResourceState>
          {editor.form
            ? props.renderForm({ item: editor.form.item, onSaved: editor.saved, onClose: editor.close })
            : null}
          {deleting ? (
            <DeleteDialog
              kind={noun.one}
              name={nameOf(deleting)}
              remove={() => props.remove(deleting.id)}
              editor={editor}
            >
              {props.deleteNote?.(deleting)}
            </DeleteDialog>
          ) : null}
        </>
      )}
    </section>
  );
}

interface CardsProps<T extends { id: string }> {
  label: string;
  list: T[];
  renderItem: (item: T) => ReactNode;
  actions: (item: T) => ReactNode;
}

function Cards<T extends { id: string }>({ label, list, renderItem, actions }: CardsProps<T>) {
  return (
    <ul aria-label={label} css={{ ...plainList, ...autoGrid('20rem', '1rem', { fill: 'auto-fill' }) }}>
      {list.map((item) => (
        <li
          key={item.id}
          css={(theme) => ({
            display: 'flex',
            flexDirection: 'column',
            gap: '0.75rem',
            padding: '1.25rem',
            ...panel(theme),
          })}
        >
          {renderItem(item)}
          <div css={{ marginTop: 'auto' }}>{actions(item)}</div>
        </li>
      ))}
    </ul>
  );
}

/** A search that found nothing: said with the words searched for. */
function noMatch(many: string, search: string): ReactNode {
  return (
    <EmptyState title={`No ${many} match “${search}”`}>
      <p>Try fewer or other words.</p>
    </EmptyState>
  );
}

/** Whether a name or address holds the searched text, letter case aside, as the server searches. */
export function holds(text: string, search: string): boolean {
  return text.toLowerCase().includes(search.toLowerCase());
}
