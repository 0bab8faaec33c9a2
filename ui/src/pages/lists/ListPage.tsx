import { Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter-preact';
import { ApiError } from '../../api/client';
import { listPath, type ListPage as Page } from '../../api/lists';
import { useListPage } from '../../api/listQueries';
import { useAuth } from '../../auth/AuthContext';
import { HiddenNote } from '../../components/HiddenNote';
import { albumCount, VisibilityBadge } from '../../components/ListCard';
import { Paragraphs } from '../../components/Paragraphs';
import { ErrorNote, Loading } from '../../components/QueryState';
import { ReportButton } from '../../components/Report';
import { longDate } from '../../lib/format';
import { routeParam } from '../../lib/routeParam';
import { lazyComponent } from '../../lib/lazyComponent';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AuthorLink } from '../album/Avatar';
import { CommentList } from '../album/CommentList';
import { LikeButton, ShareLink } from './ListActions';
import { ListEntries } from './ListEntries';
import { ListHistory } from './ListHistory';
import { FeedLink } from '../../components/FeedLink';
import './lists.css';

// Editing is for the list's author (and admins): its code loads when it is first needed.
const ListEditor = lazyComponent(() => import('./ListEditor'), 'ListEditor');
const DeleteList = lazyComponent(() => import('./ListEditor'), 'DeleteList');
const AddAlbumToList = lazyComponent(() => import('./AddAlbumToList'), 'AddAlbumToList');

/** /list/{listId}/{slug}: the slug is cosmetic, and put right when it is not the list's. */
export function ListPage({ params }: { params: Record<string, string | undefined> }) {
  const listId = Number(params.listId);
  const valid = Number.isInteger(listId) && listId > 0;
  const page = useListPage(listId);
  const [, navigate] = useLocation();
  const list = page.data?.list;
  const missing = !valid || (page.error instanceof ApiError && page.error.status === 404);
  useDocumentTitle(list ? `${list.title} by ${list.author.username}` : missing ? 'List not found' : null);

  const slug = routeParam(params.slug);
  useEffect(() => {
    if (list && slug !== list.slug) navigate(listPath(list), { replace: true });
  }, [list?.listId, list?.slug, slug]);

  return (
    <section class="list-page" data-screen="list">
      {missing ? (
        <div class="not-found">
          <h1>404</h1>
          <p>There is no such list, or its author keeps it private.</p>
          <p>
            <Link href="/">Go Home</Link>
          </p>
        </div>
      ) : page.isPending ? (
        <Loading label="Loading list…" />
      ) : page.isError ? (
        <ErrorNote error={page.error} />
      ) : (
        // Keyed so that another list starts with edit mode closed.
        <ListView key={page.data.list.listId} page={page.data} />
      )}
    </section>
  );
}

function ListView({ page }: { page: Page }) {
  const { user } = useAuth();
  const { list } = page;
  const [editing, setEditing] = useState(false);
  const adminNotAuthor = !page.canEdit && user?.role === 'admin';
  return (
    <>
      <header class="list-header">
        <div class="list-heading">
          <h1>{list.title}</h1>
          <VisibilityBadge visibility={list.visibility} />
        </div>
        <p class="list-byline">
          <span>A list by</span> <AuthorLink author={list.author} />
          <span class="list-byline-facts">
            {albumCount(list.entryCount)} · {list.ranked ? 'Ordered' : 'Not ordered'} · Updated{' '}
            <time dateTime={list.updatedAt}>{longDate(list.updatedAt)}</time>
          </span>
        </p>
        <HiddenNote hidden={list.hidden} kind="list" id={list.listId} />
        {list.description && <Paragraphs text={list.description} class="list-description" />}
        <div class="list-actions">
          <LikeButton page={page} />
          <ShareLink page={page} />
          <ReportButton kind="list" id={list.listId} authorId={list.author.userId} />
          {page.canEdit && (
            <button type="button" class="button primary" aria-expanded={editing} onClick={() => setEditing(!editing)}>
              {editing ? 'Done editing' : 'Edit list'}
            </button>
          )}
          {adminNotAuthor && (
            <Suspense fallback={null}>
              <DeleteList page={page} />
            </Suspense>
          )}
        </div>
      </header>
      {editing && (
        <Suspense fallback={<Loading label="Loading the editor…" />}>
          <ListEditor page={page} />
          <AddAlbumToList page={page} />
        </Suspense>
      )}
      <ListEntries page={page} editing={editing} />
      <ListHistory listId={list.listId} />
      {list.visibility !== 'private' && (
        <p class="album-muted">
          <FeedLink href={`/api/feeds/lists/${list.listId}`} title={`${list.title}: changes`}>
            Follow this list's changes in a feed reader
          </FeedLink>
        </p>
      )}
      <CommentList kind="list" id={list.listId} />
    </>
  );
}
