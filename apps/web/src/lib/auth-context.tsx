import { createContext, use, useCallback, useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MeDto, ProfileDto } from '@ops/shared/schemas/profiles';
import { useMe } from '@/features/auth/api/get-me.ts';
import { useSignOut } from '@/features/auth/api/sign-out.ts';
import { ME_QUERY_KEY } from './query-client.ts';

export interface AuthContextValue {
  user: MeDto['user'] | null;
  session: MeDto['session'] | null;
  profile: ProfileDto | null;
  /** True until the first answer of /api/me: nothing may be decided about access before that. */
  loading: boolean;
  refreshProfile: () => Promise<void>;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** The signed-in state, read from the server (the session cookie is httpOnly; we never see it). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const me = useMe();
  const { mutateAsync: signOutAsync } = useSignOut();

  const refreshProfile = useCallback(
    () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
    [queryClient],
  );
  const signOut = useCallback(async () => {
    await signOutAsync();
  }, [signOutAsync]);

  const data = me.data ?? null;
  const value = useMemo<AuthContextValue>(
    () => ({
      user: data?.user ?? null,
      session: data?.session ?? null,
      profile: data?.profile ?? null,
      loading: me.isPending,
      refreshProfile,
      signOut,
    }),
    [data, me.isPending, refreshProfile, signOut],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
