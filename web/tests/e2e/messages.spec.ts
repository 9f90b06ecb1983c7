// Messages as threads per correspondent, and blocking a seat (issue 44). Alice (the owner,
// English) reads her conversations; Bruno (French) blocks Chloé's seat under anonymity, from a
// message and from the players' list, after a confirmation, and unblocks it: nothing in his
// page or his blocks by username tells him who holds the seat.
import { expect, test, type Page } from "@playwright/test";
import type { components } from "../../src/api/schema";
import { apiCall, apiGet, apiPlayer, expectAccessible, expectNoOverflow, startedCampaign } from "./helpers.ts";

type S = components["schemas"];

async function screenshots(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  await page.screenshot({ path: `test-results/messages-${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 667 });
  await expectNoOverflow(page);
  await page.screenshot({ path: `test-results/messages-${name}-phone.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

test("messages read as threads per correspondent; a seat is blocked after a confirmation, naming nobody, and unblocked", async ({ browser }) => {
  const a = await apiPlayer(browser, "Alice");
  const b = await apiPlayer(browser, "Bruno", { locale: "fr-FR" });
  const c = await apiPlayer(browser, "Chloe");
  const campaign = await startedCampaign(
    a,
    [
      [a, "empire", 0],
      [b, "orcs_goblins", 1],
      [c, "dwarfs", 2],
    ],
    "skirmish",
    { settings: { anonymity: true } },
  );
  const base = `/v1/campaigns/${campaign.id}`;
  const send = (p: typeof a, to: number[] | "all", body: string) => apiCall<S["MessageRead"]>(p.page.request, p.token, "POST", `${base}/messages`, { to, body });
  await send(c, [1], "From Chloe to Alice.");
  await send(b, [1], "From Bruno to Alice.");
  await send(c, "all", "To the whole table.");

  // Alice's conversations: each correspondent and the table, the most recent first, each with
  // its newest message and unread count; a new message still has no recipient.
  await a.page.goto(`/campaigns/${campaign.id}`);
  await a.page.getByRole("tab", { name: /Messages/ }).click();
  const threads = a.page.getByTestId("messages").locator("li");
  await expect(threads).toHaveCount(3);
  expect(await threads.evaluateAll((items) => items.map((li) => li.getAttribute("data-thread")))).toEqual(["0", "2", "3"]);
  await expect(threads.nth(0)).toContainText("To the whole table.");
  await expect(threads.nth(2)).toContainText(c.name);
  await expect(threads.nth(2)).toContainText("From Chloe to Alice.");
  await expect(threads.nth(2).locator(".badge")).toContainText("1 unread");
  await expect(a.page.getByRole("combobox", { name: "To", exact: true })).toHaveValue("");

  // Opening a thread shows that conversation only, in order, with a reply box.
  await threads.nth(2).getByRole("button").click();
  const thread = a.page.getByTestId("thread");
  await expect(thread.getByRole("heading", { name: `Conversation with ${c.name}` })).toBeVisible();
  await expect(thread.getByTestId("thread-messages").locator("li")).toHaveCount(1);
  await expect(thread).not.toContainText("From Bruno to Alice.");
  await thread.getByRole("textbox", { name: `Your reply to ${c.name}` }).fill("Hello Chloe.");
  await thread.getByRole("button", { name: "Reply", exact: true }).click();
  await expect(thread.getByTestId("thread-messages").locator("li")).toHaveCount(2);
  await expect(thread.getByTestId("thread-messages").locator("li").last()).toHaveClass(/mine/);
  await expect(threads.nth(0)).toHaveAttribute("data-thread", "3");
  await expect(threads.nth(0)).toContainText("You: Hello Chloe.");
  const chloes = await apiGet<S["MessagePage"]>(c.page.request, c.token, `${base}/messages`);
  expect([chloes.items[0]?.body, chloes.items[0]?.to_all, chloes.items[0]?.sender.number]).toEqual(["Hello Chloe.", false, 1]);
  await expectAccessible(a.page, "messages");
  await screenshots(a.page, "threads-en");

  // Bruno, in French, under anonymity: Chloé's seat is "Joueur C" to him. He blocks it from her
  // message, after a confirmation.
  const seatC = (await apiGet<S["PlayerRead"][]>(b.page.request, b.token, `${base}/players`)).find((p) => p.number === 3);
  // The server names the seat "Player C"; the French page says it "Joueur C" (bots49).
  expect(seatC?.name).toBe("Player C");
  const seatName = "Joueur C";
  expect(seatName).not.toContain(c.name);
  await send(c, [2], "Bruno, a word.");
  await b.page.goto(`/campaigns/${campaign.id}`);
  await b.page.getByRole("tab", { name: /Messages/ }).click();
  await b.page.getByTestId("messages").locator('li[data-thread="3"] button').click();
  const bThread = b.page.getByTestId("thread");
  await expect(bThread.getByRole("heading", { name: `Conversation avec ${seatName}` })).toBeVisible();
  await bThread.getByRole("button", { name: `Bloquer ${seatName}`, exact: true }).click();
  const confirm = bThread.getByTestId("block-confirm");
  await expect(confirm).toContainText(`Bloquer ${seatName} dans cette campagne ?`);
  await screenshots(b.page, "block-confirm-fr");
  await confirm.getByRole("button", { name: `Bloquer ${seatName}`, exact: true }).click();
  await expect(bThread.getByRole("button", { name: `Débloquer ${seatName}`, exact: true })).toBeVisible();
  const seats = await apiGet<S["PlayerRead"][]>(b.page.request, b.token, `${base}/players`);
  expect(seats.find((p) => p.number === 3)?.blocked).toBe(true);
  expect((await apiGet<S["ListedUserPage"]>(b.page.request, b.token, "/v1/users/me/blocks")).items).toEqual([]);
  // Her next message never reaches him; she sees it sent.
  await send(c, [2], "Still there?");
  const bruno = await apiGet<S["MessagePage"]>(b.page.request, b.token, `${base}/messages`);
  expect(bruno.items.map((m) => m.body)).not.toContain("Still there?");
  await expectAccessible(b.page, "messages (fr)");
  await screenshots(b.page, "blocked-fr");

  // The players' list says which seat he blocked, and unblocks it; a block from the list asks first too.
  await b.page.getByRole("tab", { name: "Sièges" }).click();
  const row = b.page.getByTestId("seats").locator('li[data-seat="3"]');
  await expect(row).toContainText("bloqué");
  await row.getByRole("button", { name: `Débloquer ${seatName}`, exact: true }).click();
  await expect(row.getByRole("button", { name: `Bloquer ${seatName}`, exact: true })).toBeVisible();
  expect((await apiGet<S["PlayerRead"][]>(b.page.request, b.token, `${base}/players`)).find((p) => p.number === 3)?.blocked).toBe(false);
  await row.getByRole("button", { name: `Bloquer ${seatName}`, exact: true }).click();
  await row.getByTestId("block-confirm").getByRole("button", { name: `Bloquer ${seatName}`, exact: true }).click();
  await expect(row.getByRole("button", { name: `Débloquer ${seatName}`, exact: true })).toBeVisible();
  await expect(b.page.getByTestId("seats").locator('li[data-seat="2"]').getByRole("button", { name: /Bloquer/ })).toHaveCount(0); // his own seat
  await screenshots(b.page, "seats-fr");
});

test("opening one thread marks it read: its badge clears, the others keep theirs, the tab's total follows, live too", async ({ browser }) => {
  const a = await apiPlayer(browser, "Alice");
  const b = await apiPlayer(browser, "Bruno", { locale: "fr-FR" });
  const c = await apiPlayer(browser, "Chloe");
  const campaign = await startedCampaign(
    a,
    [
      [a, "empire", 0],
      [b, "orcs_goblins", 1],
      [c, "dwarfs", 2],
    ],
    "skirmish",
  );
  const base = `/v1/campaigns/${campaign.id}`;
  const send = (p: typeof a, to: number[] | "all", body: string) => apiCall<S["MessageRead"]>(p.page.request, p.token, "POST", `${base}/messages`, { to, body });
  const counts = async (p: typeof a) =>
    Object.fromEntries((await apiGet<S["MessageThreads"]>(p.page.request, p.token, `${base}/messages/threads`)).items.map((th) => [th.correspondent?.number ?? 0, th.unread]));
  await send(c, [1], "Chloe, first.");
  await send(c, [1], "Chloe, second.");
  await send(b, [1], "Bruno, first.");
  await send(b, "all", "Bruno to the table.");

  await a.page.goto(`/campaigns/${campaign.id}`);
  const tab = a.page.getByRole("tab", { name: /Messages/ });
  await tab.click();
  const badge = (thread: number) => a.page.getByTestId("messages").locator(`li[data-thread="${thread}"] .badge`);
  await expect(tab.getByTestId("unread")).toHaveText("4");
  await expect(badge(3)).toContainText("2 unread");
  await expect(badge(2)).toContainText("1 unread");

  // Opening Chloé's thread clears her badge only; Bruno's and the table's stay; the tab says 2.
  await a.page.getByTestId("messages").locator('li[data-thread="3"] button').click();
  await expect(a.page.getByTestId("thread-messages").locator("li")).toHaveCount(2);
  await expect(badge(3)).toHaveCount(0);
  await expect(badge(2)).toContainText("1 unread");
  await expect(badge(0)).toContainText("1 unread");
  await expect(tab.getByTestId("unread")).toHaveText("2");
  expect(await counts(a)).toEqual({ 0: 1, 2: 1, 3: 0 });

  // Live: Chloé writes into the open thread (read as it appears), Bruno into his (one more).
  await send(c, [1], "Chloe, third.");
  await expect(a.page.getByTestId("thread-messages").locator("li")).toHaveCount(3);
  await send(b, [1], "Bruno, second.");
  await expect(badge(2)).toContainText("2 unread");
  await expect(tab.getByTestId("unread")).toHaveText("3");
  await expect(badge(3)).toHaveCount(0);
  await expect.poll(() => counts(a)).toEqual({ 0: 1, 2: 2, 3: 0 });

  // The marks are the server's: a reload shows the same badges.
  await a.page.reload();
  await a.page.getByRole("tab", { name: /Messages/ }).click();
  await expect(badge(2)).toContainText("2 unread");
  await expect(badge(3)).toHaveCount(0);
  await expect(a.page.getByRole("tab", { name: /Messages/ }).getByTestId("unread")).toHaveText("3");
  await screenshots(a.page, "thread-read-en");

  // Bruno, in French: the table's thread opened is read, Alice's stays unread.
  await send(a, [2], "Alice to Bruno.");
  await send(c, "all", "Chloe to the table.");
  await b.page.goto(`/campaigns/${campaign.id}`);
  await b.page.getByRole("tab", { name: /Messages/ }).click();
  const bBadge = (thread: number) => b.page.getByTestId("messages").locator(`li[data-thread="${thread}"] .badge`);
  await expect(bBadge(0)).toContainText("1 non lu");
  await b.page.getByTestId("messages").locator('li[data-thread="0"] button').click();
  await expect(bBadge(0)).toHaveCount(0);
  await expect(bBadge(1)).toContainText("1 non lu");
  await screenshots(b.page, "thread-read-fr");
});
