import { describe, expect, it } from 'vitest';
import { dispositionName } from '../../api/ratingImports';
import { effectsText, progressLabel, ratingChange, resultLines, rowDetails, rowName } from './importText';

const effects = {
  ratingsAdded: 0,
  ratingsDiffering: 0,
  ratingsSame: 0,
  libraryAdded: 0,
  wishlistAdded: 0,
  listened: 0,
  reviewsAdded: 0,
  trackRatings: 0,
  playerPlays: 0,
  genreVotes: 0,
  descriptors: 0,
  dismissals: 0,
};

const result = {
  ratingsAdded: 0,
  ratingsChanged: 0,
  ratingsKept: 0,
  ratingsSame: 0,
  libraryAdded: 0,
  wishlistAdded: 0,
  listened: 0,
  diaryLogged: 0,
  reviewsAdded: 0,
  reviewsKept: 0,
  trackRatingsAdded: 0,
  trackRatingsChanged: 0,
  trackRatingsKept: 0,
  trackRatingsUnplaced: 0,
  playerPlaysKept: 0,
  genreVotesAdded: 0,
  descriptorsAdded: 0,
  dismissalsAdded: 0,
};

describe('progressLabel', () => {
  it('counts the rows read with thousands separators', () => {
    expect(progressLabel({ status: 'reading', progress: { done: 12000, total: 100000 } })).toBe('Reading 12,000 of 100,000 rows');
  });
  it('names the stage alone while its size is not known', () => {
    expect(progressLabel({ status: 'reading', progress: { done: 0, total: 0 } })).toBe('Reading the file...');
    expect(progressLabel({ status: 'matching', progress: { done: 0, total: 0 } })).toBe('Matching...');
  });
  it('counts the albums matched', () => {
    expect(progressLabel({ status: 'matching', progress: { done: 40, total: 1300 } })).toBe('Matching 40 of 1,300 albums');
  });
});

describe('effectsText', () => {
  it('says what confirming adds and what it keeps', () => {
    expect(effectsText({ ...effects, ratingsAdded: 120, ratingsDiffering: 3, libraryAdded: 2 }, false)).toBe(
      'Confirming will add 120 ratings, keep 3 of your own that differ and put 2 albums in your library.',
    );
  });
  it('says the differing ratings are replaced when the file wins', () => {
    expect(effectsText({ ...effects, ratingsDiffering: 1 }, true)).toBe('Confirming will replace 1 rating of yours that differs.');
  });
  it('says when nothing would change, and how many agree already', () => {
    expect(effectsText({ ...effects, ratingsSame: 4 }, false)).toBe(
      'Confirming will change nothing: everything in the file is here already. 4 ratings you gave already stay as they are.',
    );
  });
  it('names the listened queue, the wishlist and the reviews', () => {
    expect(effectsText({ ...effects, wishlistAdded: 1, listened: 25, reviewsAdded: 2 }, false)).toBe(
      'Confirming will add 1 album to your wishlist, put 25 albums in your "Listened, not yet rated" queue and add 2 reviews.',
    );
  });
  it("names the genre votes, descriptors and dismissals of another halfstar site's export", () => {
    expect(effectsText({ ...effects, ratingsSame: 1, genreVotes: 3, descriptors: 1, dismissals: 2 }, false)).toBe(
      'Confirming will cast your genre votes on 3 albums, apply your descriptors to 1 album and stop recommending 2 albums you dismissed. 1 rating you gave already stays as it is.',
    );
  });
  it('names the track ratings and plays another halfstar site sends along', () => {
    expect(effectsText({ ...effects, ratingsAdded: 2, trackRatings: 1, playerPlays: 30 }, false)).toBe(
      'Confirming will add 2 ratings and bring in 1 track rating and 30 plays from your music players (what is here already stays).',
    );
  });
});

describe('ratingChange', () => {
  const row = { rating: 9, currentRating: 8, shelf: 'owned' as const, plays: 0 };
  it('shows the member their own rating is kept unless the file wins', () => {
    expect(ratingChange(row, false)).toBe('keeps your 8 (file: 9)');
    expect(ratingChange(row, true)).toBe('8 → 9');
  });
  it('shows new and equal ratings, with halves', () => {
    expect(ratingChange({ ...row, currentRating: null, rating: 7.5 }, false)).toBe('new: 7.5');
    expect(ratingChange({ ...row, currentRating: 9 }, true)).toBe('already 9');
  });
  it('says where an album without a rating goes', () => {
    expect(ratingChange({ ...row, rating: null, currentRating: null }, false)).toBe('to your library');
    expect(ratingChange({ ...row, rating: null, currentRating: null, shelf: 'wishlist' }, false)).toBe('to your wishlist');
    expect(ratingChange({ ...row, rating: null, currentRating: null, shelf: 'listened', plays: 42 }, false)).toBe('to your listened queue');
    expect(ratingChange({ ...row, rating: null, currentRating: 6 }, true)).toBe('keeps your 6');
  });
});

describe('rows', () => {
  it('names a row as the file does, and what the file says of it', () => {
    expect(rowName({ artist: 'Radiohead', title: 'OK Computer', year: 1997 })).toBe('Radiohead – OK Computer (1997)');
    expect(rowName({ artist: 'Burial', title: 'Untrue', year: null })).toBe('Burial – Untrue');
    expect(rowDetails({ rating: 8.5, shelf: 'owned', plays: 0, hasReview: true, line: 1204 })).toBe('rated 8.5 · owned · with a review · line 1,204');
    expect(rowDetails({ rating: null, shelf: 'listened', plays: 3, hasReview: false, line: 2 })).toBe('3 plays · line 2');
  });
});

describe('resultLines', () => {
  it('lists each kind of change the import made', () => {
    expect(resultLines({ ...result, ratingsAdded: 1, ratingsKept: 2, listened: 30, diaryLogged: 4 })).toEqual([
      '1 rating added',
      '2 ratings of yours kept',
      '30 albums in your "Listened, not yet rated" queue',
      '4 listens logged in your diary',
    ]);
  });
  it('counts the track ratings placed, kept and left out, and the plays kept', () => {
    expect(resultLines({ ...result, trackRatingsAdded: 12, trackRatingsKept: 1, trackRatingsUnplaced: 2, playerPlaysKept: 340 })).toEqual([
      '12 track ratings added',
      '1 track rating of yours kept',
      "2 track ratings left out: this site's tracklists do not list their tracks",
      '340 plays from your music players kept',
    ]);
  });
  it("counts the genre votes, descriptors and dismissals brought from another halfstar site", () => {
    expect(resultLines({ ...result, genreVotesAdded: 3, descriptorsAdded: 1, dismissalsAdded: 2 })).toEqual([
      'Your genre votes on 3 albums cast',
      'Your descriptors of 1 album applied',
      '2 albums you dismissed no longer recommended',
    ]);
  });
  it('says when it changed nothing', () => {
    expect(resultLines(result)).toEqual(['Nothing changed: everything in the file was here already.']);
  });
});

describe('dispositionName', () => {
  it('takes the file name the server gives a download', () => {
    expect(dispositionName('attachment; filename="missing.csv"', 'x.csv')).toBe('missing.csv');
    expect(dispositionName("attachment; filename*=UTF-8''bj%C3%B6rk.csv", 'x.csv')).toBe('björk.csv');
    expect(dispositionName(null, 'x.csv')).toBe('x.csv');
  });
});
