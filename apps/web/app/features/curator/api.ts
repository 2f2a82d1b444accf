import type {
  CuratorQueueQuery,
  CuratorReview,
  CuratorSubmission,
  CuratorSubmissionCard,
  CuratorSummary,
  Paginated,
} from "@crema/contract";
import { browserFetch } from "../../api/browser.ts";
import { json, toQuery, type ApiFetch } from "../../api/client.ts";

// The curators' calls (homework checked by curators): the queue, its filters and waiting count, one
// submission, taking it and the decision. A client of this feature's own: not in the public pages'
// `api` chunk (vite.config.ts) nor in the course builder's.

export function createCuratorApi(fetcher: ApiFetch) {
  return {
    queue: (query: CuratorQueueQuery) =>
      json<Paginated<CuratorSubmissionCard>>(
        fetcher,
        `/api/curator/homework/${toQuery(query)}`,
      ),
    summary: () =>
      json<CuratorSummary>(fetcher, "/api/curator/homework/summary/"),
    submission: (id: number) =>
      json<CuratorSubmission>(fetcher, `/api/curator/homework/${id}/`),
    claim: (id: number) =>
      json<CuratorSubmission>(fetcher, `/api/curator/homework/${id}/claim/`, {
        method: "POST",
        body: {},
      }),
    review: (id: number, body: CuratorReview) =>
      json<CuratorSubmission>(fetcher, `/api/curator/homework/${id}/review/`, {
        method: "POST",
        body,
      }),
  };
}

export const curatorApi = createCuratorApi(browserFetch);
