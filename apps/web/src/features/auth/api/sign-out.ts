import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { ME_QUERY_KEY } from '@/lib/query-client.ts';

export function signOut(): Promise<unknown> {
  return api.post('/api/auth/sign-out', {});
}

/** Ends the session on the server, then forgets everything cached for this user. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
      queryClient.setQueryData(ME_QUERY_KEY, null);
    },
  });
}
