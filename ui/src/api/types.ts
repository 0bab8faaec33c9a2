// The server's JSON shapes, named as the UI uses them. They come from the
// server's own OpenAPI description through schema.d.ts (`npm run api-types`;
// scripts/check-api-types fails when it is stale), so a field renamed on the
// server fails the type check here instead of on a member's screen.

import type { components } from './schema';

type Schemas = components['schemas'];

export type Author = Schemas['Author'];
export type GenreName = Schemas['GenreName'];
export type Album = Schemas['Album'];
/** The kinds of release, one tab each on the artist page. */
export type AlbumType = Schemas['AlbumType'];
/** How much of an album's release date is known: its year, month or day. */
export type DatePrecision = Schemas['DatePrecision'];
export type Artist = Schemas['Artist'];
export type Genre = Schemas['Genre'];
export type Chart = Schemas['Chart'];
export type SearchResults = Schemas['Results'];
export type Rating = Schemas['Rating'];
export type RatingDistribution = Schemas['RatingDistribution'];
export type WishlistItem = Schemas['WishlistItem'];
export type Review = Schemas['Review'];
export type FeaturedReview = Schemas['Featured'];
export type ReviewPage = Schemas['ReviewPage'];
/** The album a review is about to be written on, once the server has found it. */
export type ValidAlbum = Schemas['ValidAlbum'];
export type Vote = Schemas['Vote'];
export type VoteResult = Schemas['VoteResult'];
export type Post = Schemas['Post'];
export type PostPage = Schemas['PostPage'];
export type Comment = Schemas['Comment'];
export type CommentPage = Schemas['CommentPage'];
export type RecentComment = Schemas['RecentComment'];
export type Shout = Schemas['Shout'];
export type ProfileStats = Schemas['ProfileStats'];

export type Role = Schemas['Role'];
export type PublicUser = Schemas['PublicUser'];
/** The signed-in user as they see themselves, with their suspension if any. */
export type Me = Schemas['Me'] & { suspension?: Suspension | null };
export type Session = Schemas['Signed'];
/** Everything a member wrote (GET /user/me/export). */
export type UserExport = Schemas['UserExport'];

// The import page's lookups and bulk writes.
export type ArtistPreview = Schemas['ArtistPreview'];
export type Candidate = Schemas['Candidate'];
export type AlbumPreview = Schemas['AlbumPreview'];
export type Skipped = Schemas['SkippedAlbum'];
export type LeftOut = Schemas['LeftOut'];
export type SourceTrouble = Schemas['SourceTrouble'];
export type ArtistLookup = Schemas['ArtistLookup'];
export type AlbumsLookup = Schemas['AlbumsLookup'];
export type BatchResult = Schemas['BatchResult'];
export type SessionView = Schemas['SessionView'];

// Issue 21 (sign-up modes, invites, suspensions, the admin page): written by
// hand from the contract until the server's OpenAPI describes them.
export type SignupMode = 'open' | 'invite' | 'closed';
export interface SignupSettings {
  mode: SignupMode;
  membersMayInvite: boolean;
}
/** `until` null: suspended for good. */
export interface Suspension {
  until: string | null;
  reason: string;
}
export interface Invite {
  inviteId: number;
  code: string;
  /** The sign-up path with the code: '/sign-up?invite=CODE'. */
  link: string;
  /** null: made with the command line. */
  createdBy: string | null;
  createdAt: string;
  expiresAt: string;
  maxUses: number;
  uses: number;
  revoked: boolean;
}
export interface AdminMember {
  userId: number;
  username: string;
  email: string;
  role: Role;
  createdAt: string;
  suspension: Suspension | null;
  ratings: number;
  reviews: number;
  comments: number;
}
export interface MemberPage {
  members: AdminMember[];
  page: number;
  pages: number;
  total: number;
}
export interface AuditEntry {
  entryId: number;
  at: string;
  /** null: the command line. */
  actor: string | null;
  action: string;
  target: string;
  details: string;
  note: string;
}
export interface AuditPage {
  entries: AuditEntry[];
  page: number;
  pages: number;
  total: number;
}
export interface Figures {
  members: number;
  albums: number;
  artists: number;
  ratings: number;
  reviews: number;
  databaseBytes: number;
  lastBackup: string | null;
}
