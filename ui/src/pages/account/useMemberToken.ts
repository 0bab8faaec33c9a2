import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useViewer } from '../../api/queries';
import { underViewer } from '../../api/viewerCache';
import { refreshSessionsAndKeys } from './sessionQueries';

/** How a member's token for other programs is asked about, made and revoked. */
interface TokenCalls<Status, Made> {
  key: string;
  status: (signal?: AbortSignal) => Promise<Status>;
  make: () => Promise<Made>;
  revoke: () => Promise<void>;
}

/**
 * A token a member makes for a program that reads or writes for them (a music player, a calendar):
 * its state, asked for on every visit since the program uses it from elsewhere, and the token just
 * made, shown this once.
 */
export function useMemberToken<Status, Made>(calls: TokenCalls<Status, Made>) {
  const key = underViewer([calls.key], useViewer());
  const status = useQuery({ queryKey: key, queryFn: ({ signal }) => calls.status(signal), staleTime: 0 });
  const client = useQueryClient();
  const [made, setMade] = useState<Made | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');

  const run = async (action: () => Promise<void>) => {
    setPending(true);
    setError('');
    try {
      await action();
      // The key is listed with the sessions too.
      await refreshSessionsAndKeys(client);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };
  return {
    status,
    made,
    pending,
    error,
    make: () => run(async () => setMade(await calls.make())),
    revoke: () =>
      run(async () => {
        await calls.revoke();
        setMade(null);
      }),
  };
}
