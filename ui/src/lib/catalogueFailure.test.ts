import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { catalogueFailureMessage } from './catalogueFailure';

describe('catalogueFailureMessage', () => {
  it.each([
    ['add an album', 'You must have the editor role to add an album.'],
    ['edit an album', 'You must have the editor role to edit an album.'],
    ['add an artist', 'You must have the editor role to add an artist.'],
    ['edit an artist', 'You must have the editor role to edit an artist.'],
  ] as const)('names the editor role when a member tries to %s', (action, expected) => {
    expect(catalogueFailureMessage(new ApiError(403, 'Insufficient permissions'), action)).toBe(expected);
  });

  it("passes the server's reason on for albums", () => {
    const failure = new ApiError(404, 'No artist called Ride: add the artist first');
    expect(catalogueFailureMessage(failure, 'add an album')).toBe('No artist called Ride: add the artist first');
  });

  it("hides 'Internal server error' and network failures behind a general sentence", () => {
    expect(catalogueFailureMessage(new ApiError(500, 'Internal server error'), 'edit an album')).toBe(
      'Something went wrong while editing the album.',
    );
    expect(catalogueFailureMessage(new TypeError('Failed to fetch'), 'add an album')).toBe(
      'Something went wrong while adding the album.',
    );
  });

  it('leads with the general sentence when adding an artist fails', () => {
    expect(catalogueFailureMessage(new ApiError(409, 'An artist called Ride already exists'), 'add an artist')).toBe(
      'Something went wrong while adding the artist. An artist called Ride already exists',
    );
    expect(catalogueFailureMessage(new ApiError(500, 'Internal server error'), 'add an artist')).toBe(
      'Something went wrong while adding the artist.',
    );
  });
});
