import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useFailureToast } from '@/features/admin/shared/error-toast';
import { toast } from '@/components/ui/toast';
import { formatDate } from '@/features/admin/shared/format-date';
import { PreviewLinksPanel } from '@/features/admin/shared/previews/preview-links-panel';
import { DeletedPostsPanel } from '@/features/admin/shared/revisions/deleted-posts-panel';
import { RevisionsPanel } from '@/features/admin/shared/revisions/revisions-panel';
import { EMPTY_BLOG_FORM, postStatus, postToForm, type BlogPost } from './blog-post';
import { useDeletePost } from './delete-post';
import { ImageUploadPanel } from './image-upload-panel';
import { PostForm } from './post-form';
import { adminPostQuery } from './post-query';
import { adminPostsQuery } from './posts-query';
import { AdminCard } from '@/features/admin/shared/admin-card';
import { AdminLoading } from '@/features/admin/shared/admin-loading';
import { AdminRowActions } from '@/features/admin/shared/admin-row-actions';
import { can } from '@/features/admin/shared/admin-role';
import { useAdminSession } from '@/features/admin/shared/session/admin-session';
import { confirmLeave } from '@/features/admin/shared/unsaved-changes';

/**
 * /admin/blog (a new post) and /admin/blog/{id} (that post, so an edit can be linked, reloaded
 * or opened in another tab). Editors and owners see and change every post; an author sees their
 * own posts, changes and deletes only their drafts, and has no Publish control (an editor
 * publishes). A saved post stays open.
 */
export function BlogAdminPage() {
  const session = useAdminSession();
  const navigate = useNavigate();
  const { postId = null } = useParams();
  const editsAll = can(session.role, 'editAnyPost');
  const canPublish = can(session.role, 'publishPosts');
  const posts = useQuery(adminPostsQuery());
  const opened = useQuery({ ...adminPostQuery(postId ?? ''), enabled: postId !== null });
  const remove = useDeletePost();
  // Bumped to load the stored post into the form again (after a restore).
  const [reloads, setReloads] = useState(0);

  useFailureToast(posts.isError, 'Error', 'Failed to load blog posts.');

  const listed = editsAll ? posts.data : posts.data?.filter((post) => post.author_id === session.userId);
  /** An author changes only their own drafts (never published or scheduled). */
  const mayChange = (post: BlogPost) =>
    editsAll || (post.author_id === session.userId && !post.published && post.publish_at === null);
  const editedPost = postId ? opened.data : undefined;

  const openPost = (id: string | null) => {
    void navigate(id ? `/admin/blog/${id}` : '/admin/blog');
  };
  /** Another post, or a new one, from the list or the header: asks first when the form holds unsaved changes. */
  const switchTo = (id: string | null) => {
    if (confirmLeave()) openPost(id);
  };

  /** After a restore: the editor shows the post as it is stored now. */
  const reload = async () => {
    await opened.refetch();
    setReloads((count) => count + 1);
  };

  const onDelete = (id: string) => {
    if (!window.confirm('Are you sure you want to delete this post?')) return;
    remove.mutate(id, {
      onSuccess: () => {
        toast({ title: 'Post deleted successfully!' });
        if (postId === id) openPost(null);
      },
      onError: () => {
        toast({ title: 'Error', description: 'Failed to delete post.', variant: 'destructive' });
      },
    });
  };

  const form = (() => {
    if (!postId) {
      return (
        <PostForm
          key={`new:${reloads}`}
          editingId={null}
          initial={EMPTY_BLOG_FORM}
          canPublish={canPublish}
          onSaved={openPost}
          onCancel={() => {
            openPost(null);
          }}
        />
      );
    }
    if (opened.isPending) return <AdminLoading>Loading the post...</AdminLoading>;
    if (opened.isError || !editedPost || !mayChange(editedPost)) {
      return (
        <AdminCard titleId="post-unavailable-title" title="This post cannot be edited here">
          <p className="admin-muted">
            {opened.isError
              ? 'It could not be loaded. Check your connection and reload the page.'
              : !editedPost
                ? 'It was deleted, or the link is wrong.'
                : 'It is published or scheduled: changes now go through an editor.'}
          </p>
          <p>
            <Link to="/admin/blog">Write a new post</Link>
          </p>
        </AdminCard>
      );
    }
    return (
      <PostForm
        key={`${postId}:${reloads}`}
        editingId={postId}
        initial={postToForm(editedPost)}
        canPublish={canPublish}
        onSaved={() => undefined}
        onCancel={() => {
          openPost(null);
        }}
      />
    );
  })();

  return (
    <div className="admin-page">
      <div className="admin-page__header">
        <h1 className="admin-page__title">Blog Posts</h1>
        {postId && (
          <Link
            className="admin-button admin-button--primary"
            to="/admin/blog"
            onClick={(event) => {
              if (!confirmLeave()) event.preventDefault();
            }}
          >
            Write a new post
          </Link>
        )}
      </div>
      <ImageUploadPanel />
      {form}
      {postId && editedPost && mayChange(editedPost) && (
        <div className="admin-grid-2">
          <PreviewLinksPanel
            target={{ kind: 'post', postId }}
            unavailable={
              postStatus(editedPost).label === 'Published' ? 'This post is published: share its address instead.' : null
            }
          />
          <RevisionsPanel
            entities={['blog_post']}
            entityId={postId}
            name={`"${editedPost.title}"`}
            onRestored={() => void reload()}
          />
        </div>
      )}
      <AdminCard titleId="existing-posts-title" title={editsAll ? 'Existing Posts' : 'Your posts'}>
        {posts.isPending ? (
          <AdminLoading>Loading posts...</AdminLoading>
        ) : (
          <ul className="admin-post-list">
            {(listed ?? []).map((post) => (
              <li key={post.id} className="admin-post">
                <div className="admin-post__body">
                  <h3 className="admin-post__title">{post.title}</h3>
                  <p className="admin-muted">
                    {post.category} · {post.read_time} min read
                  </p>
                  <p>{post.description}</p>
                  <PostStatusBadge post={post} />
                </div>
                {mayChange(post) ? (
                  <AdminRowActions
                    name={post.title}
                    onEdit={() => {
                      switchTo(post.id);
                      window.scrollTo({ top: 0, behavior: 'smooth' });
                    }}
                    onDelete={() => {
                      onDelete(post.id);
                    }}
                  />
                ) : (
                  <p className="admin-muted admin-post__locked">Published: changes now go through an editor.</p>
                )}
              </li>
            ))}
            {listed?.length === 0 && (
              <li className="admin-muted">
                {editsAll ? 'No posts yet.' : 'You have no posts yet. Write your first one above.'}
              </li>
            )}
          </ul>
        )}
      </AdminCard>
      {posts.data && (
        <DeletedPostsPanel
          existing={posts.data.map((post) => post.id)}
          onlyDraftsOf={editsAll ? undefined : session.userId}
        />
      )}
    </div>
  );
}

function PostStatusBadge({ post }: { post: BlogPost }) {
  const status = postStatus(post);
  if (status.label === 'Scheduled') {
    return (
      <span className="admin-badge admin-badge--scheduled">
        Scheduled · <time dateTime={status.at}>{formatDate(status.at)}</time>
      </span>
    );
  }
  return (
    <span className={status.label === 'Published' ? 'admin-badge admin-badge--ok' : 'admin-badge'}>{status.label}</span>
  );
}
