// Moderation's requests: a report, my lists of blocked and barred users, and the operators'
// queue (query options on the key factory, src/api/keys.ts), with their mutation hooks.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ok, type Api } from "../../api/client.ts";
import { keys } from "../../api/keys.ts";
import { useSession } from "../../lib/session.tsx";

export type ReportBody = { kind: "message"; campaign_id: string; message_id: number } | { kind: "user"; username: string };
/** One of my lists of users: the ones I block, the ones barred from my public campaigns. */
export type UserListPath = "/v1/users/me/blocks" | "/v1/users/me/banned";

export const moderationQueries = {
  users: (api: Api, path: UserListPath) => queryOptions({ queryKey: keys.moderation(path), queryFn: async () => ok(await api.GET(path, {})) }),
  /** The open reports; anyone but an operator is answered 404 (never retried). */
  reports: (api: Api) =>
    queryOptions({
      queryKey: keys.operator("reports"),
      queryFn: async () => ok(await api.GET("/v1/operator/reports", {})),
      retry: false,
    }),
};

/** Report a message or a user, with a reason. */
export function useReport(item: ReportBody, onSent: () => void) {
  const { api } = useSession();
  return useMutation({
    mutationFn: async (reason: string) => ok(await api.POST("/v1/reports", { body: { ...item, reason } })),
    onSuccess: onSent,
  });
}

/** Add a username to one of my lists (`onAdded` runs before the list is asked again), or take one off. */
export function useUserList(path: UserListPath, onAdded: () => void) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const one = `${path}/{username}` as const;
  const add = useMutation({
    mutationFn: async (username: string) => ok(await api.PUT(one, { params: { path: { username } } })),
    onSuccess: async () => {
      onAdded();
      await queryClient.invalidateQueries({ queryKey: keys.moderation(path) });
    },
  });
  const remove = useMutation({
    mutationFn: async (name: string) => ok(await api.DELETE(one, { params: { path: { username: name } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.moderation(path) }),
  });
  return { add, remove };
}

/** An operator's action on a report: hide its message, suspend its user, or resolve it. */
export function useReportAction() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, what, username, reason }: { id: string; what: "hide" | "suspend" | "resolve"; username?: string | null; reason: string }) => {
      const body = { reason };
      if (what === "hide") return ok(await api.POST("/v1/operator/reports/{report_id}/hide-message", { params: { path: { report_id: id } }, body }));
      if (what === "suspend" && username) return ok(await api.POST("/v1/operator/users/{username}/suspend", { params: { path: { username } }, body }));
      return ok(await api.POST("/v1/operator/reports/{report_id}/resolve", { params: { path: { report_id: id } }, body }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.operator("reports") }),
  });
}
