import type { Route } from "./+types/submission";
import { requireCurator } from "../../lib/session.server.ts";
import { privateMeta } from "../../ui/meta.ts";
import { orNotFound, pathId } from "../../ui/loaders.server.ts";
import { createCuratorApi } from "../../features/curator/api.ts";
import { ReviewScreen } from "../../features/curator/ReviewScreen.tsx";

/** /curator/homework/{id}/: one answer beside its task; another curator's scope or no such answer is the 404 page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireCurator(request, context);
  const id = pathId(params.id);
  return {
    submission: await orNotFound(createCuratorApi(context.api).submission(id)),
    now: new Date().toISOString(),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  privateMeta(
    matches,
    loaderData
      ? `Проверка: ${loaderData.submission.title}`
      : "Проверка заданий",
  );

export default function CuratorSubmissionPage({
  loaderData,
}: Route.ComponentProps) {
  return <ReviewScreen key={loaderData.submission.id} {...loaderData} />;
}
