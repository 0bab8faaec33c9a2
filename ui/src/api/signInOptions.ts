import { useQuery } from '@tanstack/react-query';
import { authApi } from './auth';

/** What the log-in page offers besides a password, and whether the site sends mail at all. */
export function useSignInOptions() {
  return useQuery({ queryKey: ['site-sign-in'], queryFn: ({ signal }) => authApi.signInOptions(signal), staleTime: 60_000 });
}

/** Whether the site sends mail (its admin set a mail server). */
export function useSiteSendsMail(): boolean {
  return useSignInOptions().data?.passwordResetByMail ?? false;
}
