import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Folder from '@mui/icons-material/Folder';
import FolderShared from '@mui/icons-material/FolderShared';
import HomeIcon from '@mui/icons-material/Home';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import {
  createContext,
  type KeyboardEvent,
  type MouseEvent,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { ROOT_ID, type StorageFolderRef, type TreeNode, useTreeChildren } from './api';
import { HOME_LABEL } from './storage-breadcrumb';

export const TREE_LABEL = 'Folders';
export const TREE_ACTIONS = { open: 'Open', newFolder: 'New folder', rename: 'Rename', delete: 'Delete' } as const;
export type TreeAction = 'newFolder' | 'rename' | 'delete';

/** A folder of the tree with the folder it sits in (null for the root). */
export interface TreeNodeRef extends TreeNode {
  parentId: string | null;
}

const ROOT_NODE: TreeNode = { id: ROOT_ID, name: HOME_LABEL, kind: 'folder', has_children: true };

/** What a member may do to a folder from its context menu (part 2 section 6). */
export function treeActions(node: TreeNode, canManage: boolean): TreeAction[] {
  if (!canManage) return [];
  const actions: TreeAction[] = [];
  // The tree's nodes carry no `editable`: the folders nothing may be changed in are the customer folders.
  const editable = node.kind !== 'customer_folder';
  if (editable) actions.push('newFolder');
  if (node.id !== ROOT_ID && node.kind === 'folder' && editable) actions.push('rename', 'delete');
  return actions;
}

interface TreeContext {
  baseId: string;
  expanded: ReadonlySet<string>;
  currentId: string;
  focusId: string;
  toggle: (id: string) => void;
  open: (id: string) => void;
  openMenu: (id: string, x: number, y: number) => void;
  register: (node: TreeNodeRef) => void;
}

const Ctx = createContext<TreeContext | null>(null);

export interface FolderTreeProps {
  currentId: string;
  /** The path to the current folder (from the breadcrumb): its folders are expanded. */
  path: readonly StorageFolderRef[];
  onOpen: (id: string) => void;
  canManage: boolean;
  onAction: (action: TreeAction, node: TreeNodeRef) => void;
}

/**
 * The folder tree (part 2 "Document storage screen"): the root expanded at first, each folder's
 * folders asked for when it is expanded, the current folder selected. Selecting a folder opens it;
 * right-click (or the context menu key, or Shift+F10) offers Open, New folder, Rename and Delete as
 * permitted. Keyboard as in the WAI-ARIA tree pattern.
 */
export function FolderTree({ currentId, path, onOpen, canManage, onAction }: FolderTreeProps) {
  const baseId = useId();
  const tree = useRef<HTMLUListElement>(null);
  const nodes = useRef(new Map<string, TreeNodeRef>());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set([ROOT_ID]));
  const [focusId, setFocusId] = useState(currentId);
  const [menu, setMenu] = useState<{ id: string; x: number; y: number } | null>(null);

  const pathKey = path.map((p) => p.id).join('/');
  // The way to the folder shown is opened up, so it can be seen selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathKey stands for path
  useEffect(() => {
    setExpanded((prev) => {
      const ids = path.map((p) => p.id);
      if (ids.every((id) => prev.has(id))) return prev;
      return new Set([...prev, ROOT_ID, ...ids]);
    });
    setFocusId(currentId);
  }, [pathKey, currentId]);

  // The tab stop must stay on a folder that is shown (one may have been deleted or folded away).
  useLayoutEffect(() => {
    if (!tree.current?.querySelector('[role="treeitem"][tabindex="0"]')) setFocusId(ROOT_ID);
  });

  const items = () => Array.from(tree.current?.querySelectorAll<HTMLElement>('[role="treeitem"]') ?? []);
  const element = (id: string) => items().find((el) => el.dataset.nodeId === id) ?? null;
  /** A folder's own group of folders (beside its row, owned by it through aria-owns). */
  const subtree = (id: string) => element(id)?.parentElement?.querySelector<HTMLElement>(':scope > [role="group"]');
  const focus = (el: HTMLElement | null | undefined) => {
    if (!el) return;
    setFocusId(el.dataset.nodeId!);
    el.focus();
  };

  const ctx: TreeContext = {
    baseId,
    expanded,
    currentId,
    focusId,
    toggle: (id) => {
      // Folding a folder away moves the tab stop to it when it was inside.
      if (expanded.has(id) && subtree(id)?.querySelector('[data-node-id][tabindex="0"]')) setFocusId(id);
      setExpanded((prev) => {
        const next = new Set(prev);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
    },
    open: (id) => {
      setFocusId(id);
      setExpanded((prev) => (prev.has(id) ? prev : new Set([...prev, id])));
      onOpen(id);
    },
    openMenu: (id, x, y) => setMenu({ id, x, y }),
    register: (node) => nodes.current.set(node.id, node),
  };

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const el = (e.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]');
    if (!el || e.altKey || e.ctrlKey || e.metaKey) return;
    const id = el.dataset.nodeId!;
    const node = nodes.current.get(id);
    const all = items();
    const index = all.indexOf(el);
    const isOpen = el.getAttribute('aria-expanded') === 'true';
    const expandable = el.hasAttribute('aria-expanded');
    const handled = () => {
      e.preventDefault();
      e.stopPropagation();
    };
    if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) {
      handled();
      const rect = el.getBoundingClientRect();
      setMenu({ id, x: rect.left + 24, y: rect.top + 20 });
      return;
    }
    if (e.shiftKey) return;
    switch (e.key) {
      case 'ArrowDown':
        handled();
        focus(all[index + 1]);
        break;
      case 'ArrowUp':
        handled();
        focus(all[index - 1]);
        break;
      case 'Home':
        handled();
        focus(all[0]);
        break;
      case 'End':
        handled();
        focus(all[all.length - 1]);
        break;
      case 'ArrowRight':
        handled();
        if (expandable && !isOpen) ctx.toggle(id);
        else if (isOpen) focus(subtree(id)?.querySelector<HTMLElement>('[role="treeitem"]'));
        break;
      case 'ArrowLeft':
        handled();
        if (isOpen) ctx.toggle(id);
        else if (node?.parentId) focus(element(node.parentId));
        break;
      case 'Enter':
      case ' ':
        handled();
        if (node) ctx.open(node.id);
        break;
    }
  };

  const menuNode = menu ? nodes.current.get(menu.id) : undefined;
  const actions = menuNode ? treeActions(menuNode, canManage) : [];
  const closeMenu = () => setMenu(null);

  return (
    <Ctx.Provider value={ctx}>
      <Box
        component="ul"
        role="tree"
        ref={tree}
        aria-label={TREE_LABEL}
        onKeyDown={onKeyDown}
        onFocus={(e) => {
          const el = (e.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]');
          if (el?.dataset.nodeId) setFocusId(el.dataset.nodeId);
        }}
        sx={{ listStyle: 'none', m: 0, p: 0.5 }}
        data-testid="folder-tree"
      >
        <TreeItem node={ROOT_NODE} parentId={null} level={1} />
      </Box>
      <Menu
        open={menu !== null && menuNode !== undefined}
        onClose={closeMenu}
        anchorReference="anchorPosition"
        anchorPosition={menu ? { top: menu.y, left: menu.x } : undefined}
        slotProps={{ list: { 'aria-label': menuNode ? `${menuNode.name} actions` : undefined } }}
      >
        <MenuItem
          onClick={() => {
            closeMenu();
            if (menuNode) ctx.open(menuNode.id);
          }}
        >
          {TREE_ACTIONS.open}
        </MenuItem>
        {actions.map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              closeMenu();
              if (menuNode) onAction(action, menuNode);
            }}
          >
            {TREE_ACTIONS[action]}
          </MenuItem>
        ))}
      </Menu>
    </Ctx.Provider>
  );
}

function TreeItem({ node, parentId, level }: { node: TreeNode; parentId: string | null; level: number }) {
  const ctx = useContext(Ctx)!;
  const open = ctx.expanded.has(node.id);
  const children = useTreeChildren(node.id, open && node.has_children);
  ctx.register({ ...node, parentId });
  const labelId = `${ctx.baseId}-label-${node.id}`;
  const selected = node.id === ctx.currentId;
  const Icon = node.id === ROOT_ID ? HomeIcon : node.kind === 'customer_folder' ? FolderShared : Folder;

  const onContextMenu = (e: MouseEvent<HTMLElement>) => {
    e.preventDefault();
    e.stopPropagation();
    e.currentTarget.focus();
    ctx.openMenu(node.id, e.clientX, e.clientY);
  };
  const groupId = `${ctx.baseId}-group-${node.id}`;
  const grouped = open && node.has_children;

  // The treeitem is the row alone, owning its folders' group (aria-owns) rather than wrapping it: a
  // treeitem wrapping its group has the whole subtree's text as its content, not its own name.
  return (
    <Box component="li" role="none">
      <Box
        className="tree-row"
        role="treeitem"
        aria-labelledby={labelId}
        aria-expanded={node.has_children ? open : undefined}
        aria-selected={selected}
        aria-level={level}
        aria-owns={grouped ? groupId : undefined}
        tabIndex={ctx.focusId === node.id ? 0 : -1}
        data-node-id={node.id}
        onClick={() => ctx.open(node.id)}
        onContextMenu={onContextMenu}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          pl: (level - 1) * 2,
          pr: 1,
          minHeight: 36,
          borderRadius: 1,
          cursor: 'pointer',
          bgcolor: selected ? 'action.selected' : undefined,
          fontWeight: selected ? 700 : 400,
          outline: 'none',
          '&:hover': { bgcolor: selected ? 'action.selected' : 'action.hover' },
          '&:focus-visible': {
            outline: 2,
            outlineStyle: 'solid',
            outlineColor: 'primary.main',
            outlineOffset: -2,
          },
        }}
      >
        <Box
          component="span"
          aria-hidden="true"
          onClick={(e) => {
            if (!node.has_children) return;
            e.stopPropagation();
            ctx.toggle(node.id);
          }}
          sx={{ display: 'inline-flex', width: 24, flex: 'none', color: 'text.secondary' }}
        >
          {node.has_children ? open ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" /> : null}
        </Box>
        <Icon fontSize="small" color={node.kind === 'customer_folder' ? 'secondary' : 'primary'} aria-hidden="true" />
        <Box
          component="span"
          id={labelId}
          sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {node.name}
        </Box>
      </Box>
      {grouped ? (
        <Box component="ul" role="group" id={groupId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {children.isPending ? (
            <li role="none">
              <Typography variant="body2" color="text.secondary" sx={{ pl: level * 2 + 3, py: 0.5 }}>
                Loading...
              </Typography>
            </li>
          ) : null}
          {children.isError ? (
            <li role="none">
              <Button size="small" sx={{ ml: level * 2 + 2 }} onClick={() => void children.refetch()}>
                Try again
              </Button>
            </li>
          ) : null}
          {children.data?.map((child) => (
            <TreeItem key={child.id} node={child} parentId={node.id} level={level + 1} />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
