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
export type Me = Schemas['Me'];
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
export type SessionKind = Schemas['SessionKind'];

// Running the community: sign-up modes, invites, suspensions, the admin page.
export type SignupMode = Schemas['SignupMode'];
export type SignupSettings = Schemas['SignupSettings'];
/** `until` null: suspended for good. */
export type Suspension = Schemas['Suspension'];
/** `createdBy` null: made with the command line. */
export type Invite = Schemas['Invite'];
export type AuditEntry = Schemas['Entry'];
export type AuditPage = Schemas['AuditPage'];
export type Figures = Schemas['AdminFigures'];
export type Ended = Schemas['Ended'];
export type TaskState = Schemas['TaskState'];

export type AdminMember = Schemas['MemberOverview'];
export type MemberPage = Schemas['MemberPage'];

// Moderation and catalogue history.
export type ItemKind = Schemas['ItemKind'];
export type ReportReason = Schemas['ReportReason'];
export type ReportedItem = Schemas['ReportedItem'];
export type Resolution = Schemas['Resolution'];
/** `openReports` null: an editor, who does not moderate. */
export type StaffCounts = Schemas['StaffCounts'];
export type Warning = Schemas['Warning'];
/** `actor` null: the command line. */
export type Revision = Schemas['Revision'];
export type ChangeRequest = Schemas['ChangeRequest'];
export type EntityKind = Schemas['EntityKind'];

// Lists of albums members curate.
export type ListVisibility = Schemas['ListVisibility'];
export type ListSummary = Schemas['ListSummary'];
export type ListEntry = Schemas['ListEntry'];
export type ListPage = Schemas['ListPage'];
/** One line of a list's history, e.g. "Kid A by Radiohead was added". */
export type ListEvent = Schemas['ListEvent'];
/** One of the caller's lists, for the "Add to list" chooser. */
export type MyList = Schemas['MyList'];
/** The public lists holding an album: how many, and the most liked. */
export type ListsHolding = Schemas['ListsHolding'];
export type ListHit = Schemas['ListHit'];
export type Liking = Schemas['Liking'];
export type NewListRequest = Schemas['NewListRequest'];
export type ListEdit = Schemas['ListEdit'];

// Bringing ratings in from other sites (issue 24), and the queue scrobbles fill.
export type ImportFormat = Schemas['Format'];
/** `writing`: the confirmation under way. */
export type ImportStatus = Schemas['ImportStatus'];
export type ImportRowStatus = Schemas['RowStatus'];
export type ImportShelf = Schemas['Shelf'];
export type ImportCounts = Schemas['ImportCounts'];
export type ImportEffects = Schemas['ImportEffects'];
export type ImportResult = Schemas['ImportResult'];
export type ImportJob = Schemas['ImportJob'];
export type ImportCandidate = Schemas['ImportCandidate'];
export type ImportRow = Schemas['ImportRow'];
export type ImportRowPage = Schemas['ImportRows'];
export type ListenedAlbum = Schemas['ListenedAlbum'];
export type ListenedPage = Schemas['ListenedQueue'];
export type PlayerTokenState = Schemas['PlayerTokenState'];
export type NewPlayerToken = Schemas['NewPlayerToken'];
export type CalendarLinkState = Schemas['CalendarLinkState'];
export type NewCalendarLink = Schemas['NewCalendarLink'];
export type ReleaseChecks = Schemas['ReleaseChecks'];
export type CheckDone = Schemas['CheckDone'];
export type UnmatchedAlbum = Schemas['UnmatchedAlbum'];
export type UnmatchedAlbums = Schemas['UnmatchedAlbums'];
export type Track = Schemas['Track'];
export type TrackFields = Schemas['TrackFields'];
export type Tracklist = Schemas['Tracklist'];
export type RatedTrack = Schemas['RatedTrack'];
export type DiaryEntry = Schemas['DiaryEntry'];
export type Diary = Schemas['Diary'];
export type MyListens = Schemas['MyListens'];
export type GenreVotes = Schemas['GenreVotes'];
export type GenreVote = Schemas['GenreVote'];
export type YearInMusic = Schemas['YearInMusic'];
export type YearAlbum = Schemas['YearAlbum'];
export type ActiveYears = Schemas['ActiveYears'];
export type CommunityYear = Schemas['CommunityYear'];
export type CountedAlbum = Schemas['CountedAlbum'];
export type Descriptor = Schemas['Descriptor'];
export type AlbumDescriptors = Schemas['AlbumDescriptors'];
export type AppliedDescriptor = Schemas['AppliedDescriptor'];
export type DescribedAlbum = Schemas['DescribedAlbum'];
export type DescriptorPage = Schemas['DescriptorPage'];
export type DescriptorKind = Schemas['DescriptorKind'];
export type ShapedChart = Schemas['ShapedChart'];
export type RankedAlbum = Schemas['RankedAlbum'];
export type ChartOrder = Schemas['ChartOrder'];
export type SimilarAlbums = Schemas['SimilarAlbums'];
export type Recommended = Schemas['Recommended'];
export type ForYou = Schemas['ForYou'];
export type Dismissed = Schemas['Dismissed'];
export type LovedAlbum = Schemas['LovedAlbum'];
export type NewReleases = Schemas['NewReleases'];
