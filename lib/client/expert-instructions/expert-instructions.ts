'use client';

import { useMutation, useQuery, useQueryClient, type QueryKey } from '@/lib/client/query';
import type { ExpertInstructionVersion, ExpertScene } from '@/lib/contract';
import { callData } from '../api';
import { toast } from '../toast';

/**
 * The experts' instructions to the model (/ExpertInstruction): every scene with its current
 * version and whether the caller may write, one scene's history a page at a time, and the update,
 * which names the version it was written on so that a change made meanwhile is not overwritten.
 */

export const HISTORY_PAGE_SIZE = 10;

const expertKey = (account: string | undefined): QueryKey => ['query_expert_instruction', account ?? null];

export function useExpertScenes(account: string | undefined) {
  return useQuery({
    queryKey: expertKey(account),
    queryFn: ({ signal }: { signal: AbortSignal }) => callData('query_expert_instruction', {}, signal),
  });
}

export function useSceneHistory(account: string | undefined, scene: ExpertScene, page: number) {
  return useQuery({
    queryKey: [...expertKey(account), scene, page],
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const data = await callData('query_expert_instruction', { scene, page, page_size: HISTORY_PAGE_SIZE }, signal);
      return data.history ?? { items: [], total: 0, page, page_size: HISTORY_PAGE_SIZE };
    },
    placeholderData: (previous) => previous,
  });
}

export function useUpdateInstruction(account: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: {
      scene: ExpertScene;
      instruction: string;
      base_version: number;
    }): Promise<ExpertInstructionVersion> => (await callData('update_expert_instruction', update)).version,
    onSuccess: (saved: ExpertInstructionVersion) => toast.success(`已保存为 v${saved.version}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: expertKey(account) }),
  });
}
