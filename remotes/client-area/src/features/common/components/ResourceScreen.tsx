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
import { useEditor } from '../use-editor';
import { DeleteDialog } from './DeleteDialog';
import { ItemList, ItemRow } from './ItemRow';
import { NewButton } from './NewButton';
import { RowActions } from './RowActions';

/** What the screen's form is told: the item to edit (none for a new one), and when it is done. */
export interface FormSlot<T> {
  item: T | undefined;
  onSaved: () => void;
  onClose: () => void;
}

interface Props<T extends { id: string }> {
  /** The resource in the singular and plural, lower case: 'project', 'projects' (title "Projects", "New project"). */
  noun: { one: string; many: string };
  description: string;
  items: Resource<T[]>;
  remove: (id: string) => Promise<void>;
  /** The name of an item, for its Edit and Delete buttons and the delete question. */
  nameOf: (item: T) => string;
  /** Items that live in a workspace: with no workspace yet, the screen shows the way to create one. */
  needsWorkspace?: { workspaces: Resource<Workspace[]>; why: string };
  /** Filters above the list. */
  filters?: ReactNode;
  /** The empty list, given the New button. */
  empty: (newButton: ReactNode) => ReactNode;
  /** Cards in a grid (workspaces) or full-width rows (projects, links). */
  layout: 'cards' | 'rows';
  renderItem: (item: T) => ReactNode;
  renderForm: (slot: FormSlot<T>) => ReactNode;
  /** What else goes with a deleted item, under the delete question. */
  deleteNote?: (item: T) => ReactNode;
}

/** A list screen of one of the user's own resources: list, create, edit, delete. */
export function ResourceScreen<T extends { id: string }>(props: Props<T>) {
  const { items, noun, nameOf, needsWorkspace } = props;
  const title = noun.many.charAt(0).toUpperCase() + noun.many.slice(1);
  const editor = useEditor<T>(items.reload);
  const { deleting } = editor;
  const workspaces = needsWorkspace?.workspaces.data;
  const noWorkspaces = workspaces !== undefined && workspaces.length === 0;
  const newButton = (
    <NewButton onClick={editor.create} disabled={needsWorkspace ? (workspaces ?? []).length === 0 : false}>
      {`New ${noun.one}`}
    </NewButton>
  );
  const actions = (item: T) => <RowActions name={nameOf(item)} item={item} editor={editor} />;

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
          {props.filters}
          <ResourceState
            resource={items}
            what={`your ${noun.many}`}
            errorText={errorMessage}
            empty={props.empty(newButton)}
          >
            {(list) =>
              props.layout === 'cards' ? (
                <Cards label={title} list={list} renderItem={props.renderItem} actions={actions} />
              ) : (
                <ItemList label={title}>
                  {list.map((item) => (
                    <ItemRow key={item.id} actions={actions(item)}>
                      {props.renderItem(item)}
                    </ItemRow>
                  ))}
                </ItemList>
              )
            }
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

/** The name of a workspace in the list, for the meta line of its projects and links. */
export function workspaceName(workspaces: readonly Workspace[], id: string): string {
  return workspaces.find((w) => w.id === id)?.name ?? 'Workspace';
}
