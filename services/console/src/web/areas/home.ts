import type { ConsoleArea } from '../console-context';
import { homeData } from '../home/home-data';
import { homePage } from '../home/home-page';
import { sendPage } from '../respond';
import { viewerOf } from '../session-guard';
import { dataDb } from '../test-mode';

/** GET /: the account at a glance (issue 29; docs/decisions/0148). */
export const homeArea: ConsoleArea = (router, context) => {
  router.get('/', ...context.guard.page(), async (_req, res) => {
    const session = viewerOf(res);
    const data = await homeData(dataDb(context, session), context.db, session, context.clock.now());
    sendPage(res, 200, homePage(session, data, context.docsUrl));
  });
};
