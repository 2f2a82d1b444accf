import type { HomeworkStatus } from "@crema/contract";
import type { Route } from "./+types/homework";
import { pageUrl, requireCurator } from "../../lib/session.server.ts";
import { privateMeta } from "../../ui/meta.ts";
import { orNotFound } from "../../ui/loaders.server.ts";
import { createCuratorApi } from "../../features/curator/api.ts";
import {
  QUEUE_PAGE_SIZE,
  QueueScreen,
  type QueueFilters,
} from "../../features/curator/QueueScreen.tsx";

/** A positive whole number from the address, or nothing (a hand-typed `?course=abc` is ignored). */
const idParam = (raw: string | null) =>
  raw && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : undefined;
const STATUSES: readonly string[] = [
  "waiting",
  "sent",
  "checking",
  "returned",
  "accepted",
] satisfies (HomeworkStatus | "waiting")[];

/** /curator/homework/: the queue of answers to check, with its filters from the address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCurator(request, context);
  const search = pageUrl(request).searchParams;
  const status = search.get("status");
  const filters: QueueFilters = {
    status:
      status && STATUSES.includes(status)
        ? (status as HomeworkStatus | "waiting")
        : undefined,
    course: idParam(search.get("course")),
    group: idParam(search.get("group")),
    lesson: idParam(search.get("lesson")),
  };
  const page = idParam(search.get("page")) ?? 1;
  const api = createCuratorApi(context.api);
  const [list, summary] = await Promise.all([
    orNotFound(api.queue({ ...filters, page, page_size: QUEUE_PAGE_SIZE })),
    api.summary(),
  ]);
  return {
    cards: list.results,
    count: list.count,
    page,
    filters,
    summary,
    now: new Date().toISOString(),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privateMeta(matches, "Проверка заданий");

export default function CuratorHomeworkPage({
  loaderData,
}: Route.ComponentProps) {
  return <QueueScreen {...loaderData} />;
}
