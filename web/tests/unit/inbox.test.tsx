// @vitest-environment jsdom
// The inbox (list newest first, links into the campaign, mark read), the email address form, and
// password reset (request; the reset page reading ?token=), army lists (attach, check, detach;
// a battle's rosters): what they send, and that a refusal
// shows the server's detail and rule id while the form keeps its input.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Schemas } from "../../src/api/client.ts";
import { I18nProvider } from "../../src/i18n.tsx";
import { clientPathOf, parseRoute } from "../../src/lib/router.tsx";
import { Auth, ResetPassword } from "../../src/features/auth/Auth.tsx";
import { Inbox, InboxLink } from "../../src/features/messages/Inbox.tsx";
import { BattleRosters, RosterPanel, uploadOfFile } from "../../src/features/rosters/Rosters.tsx";
import { EmailSettings } from "../../src/features/settings/Email.tsx";
import { SessionProvider } from "../../src/lib/session.tsx";

type Handler = (request: Request) => Response | Promise<Response>;
const CAMPAIGN = "11111111-2222-3333-4444-555555555555";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  window.history.pushState(null, "", "/");
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const problem = (status: number, detail: string, code: string) =>
  new Response(JSON.stringify({ type: "about:blank", title: "Refused", status, detail, code }), {
    status,
    headers: { "Content-Type": "application/problem+json" },
  });

function serve(routes: Record<string, Handler>) {
  const requests: { key: string; body: string }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      const key = `${input.method} ${url.pathname}`;
      requests.push({ key: `${key}${url.search}`, body: input.method === "GET" ? "" : await input.clone().text() });
      const handler = routes[key];
      return handler ? handler(input) : problem(404, `no route ${key}`, "test.none");
    }),
  );
  return requests;
}

function wrap(node: React.ReactNode, signedIn = true) {
  if (signedIn) localStorage.setItem("marchlords.token", "t");
  localStorage.setItem("marchlords.lang", "en");
  return render(
    <I18nProvider>
      <SessionProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{node}</QueryClientProvider>
      </SessionProvider>
    </I18nProvider>,
  );
}

const item = (id: number, created: string, read: boolean, link: string) => ({
  id,
  kind: "turn_started",
  campaign: { id: CAMPAIGN, name: "Border war" },
  turn: id,
  text: `Turn ${id} has started.`,
  link,
  created_at: created,
  read,
  read_at: read ? created : null,
  battle_id: null,
  edict_id: null,
  deadline_at: null,
});

describe("routes", () => {
  it("maps an API link to the campaign's screen, and knows the inbox and reset pages", () => {
    expect(clientPathOf(`/v1/campaigns/${CAMPAIGN}/battles/7`)).toBe(`/campaigns/${CAMPAIGN}`);
    expect(clientPathOf(`/v1/campaigns/${CAMPAIGN}`)).toBe(`/campaigns/${CAMPAIGN}`);
    expect(clientPathOf("/v1/users/me")).toBe("/");
    expect(parseRoute("/inbox")).toEqual({ name: "inbox" });
    expect(parseRoute("/reset-password")).toEqual({ name: "reset" });
  });
});

describe("the inbox", () => {
  it("lists newest first with links into the campaign; marks one, then all, read", async () => {
    let unread = 2;
    const requests = serve({
      "GET /v1/notifications": () =>
        json({
          items: [
            item(1, "2026-12-01T09:00:00Z", unread < 1, `/v1/campaigns/${CAMPAIGN}/turn`),
            item(3, "2026-12-01T11:00:00Z", unread < 2, `/v1/campaigns/${CAMPAIGN}/battles/4`),
            item(2, "2026-12-01T10:00:00Z", true, `/v1/campaigns/${CAMPAIGN}/turns/1/summary`),
          ],
          total: 3,
          limit: 100,
          offset: 0,
          unread,
        }),
      "POST /v1/notifications/3/read": () => {
        unread = 1;
        return json(item(3, "2026-12-01T11:00:00Z", true, ""));
      },
      "POST /v1/notifications/read": () => {
        const marked = unread;
        unread = 0;
        return json({ marked, unread: 0 });
      },
    });
    wrap(<Inbox />);
    const list = await screen.findByRole("list", { name: "Inbox" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((r) => within(r).getByRole("link").textContent)).toEqual(["Turn 3 has started.", "Turn 2 has started.", "Turn 1 has started."]);
    expect(within(rows[0] as HTMLElement).getByRole("link").getAttribute("href")).toBe(`/campaigns/${CAMPAIGN}`);
    fireEvent.click(screen.getByRole("button", { name: "Mark read: Turn 3 has started." }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Mark read: Turn 3 has started." })).toBeNull());
    expect(requests.map((r) => r.key)).toContain("POST /v1/notifications/3/read");
    fireEvent.click(screen.getByRole("button", { name: "Mark all read" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Mark all read" })).toHaveProperty("disabled", true));
    expect(requests.map((r) => r.key)).toContain("POST /v1/notifications/read");
    expect(screen.queryAllByRole("button", { name: /^Mark read/ })).toEqual([]);
  });

  it("pages past the first notifications: Show older loads the next ones until all are listed", async () => {
    const all = Array.from({ length: 120 }, (_, i) => item(120 - i, new Date(Date.UTC(2026, 11, 1, 0, 120 - i)).toISOString(), true, `/v1/campaigns/${CAMPAIGN}/turn`));
    const requests = serve({
      "GET /v1/notifications": (request) => {
        const query = new URL(request.url).searchParams;
        const offset = Number(query.get("offset")), limit = Number(query.get("limit"));
        return json({ items: all.slice(offset, offset + limit), total: all.length, limit, offset, unread: 0 });
      },
    });
    wrap(<Inbox />);
    const list = await screen.findByRole("list", { name: "Inbox" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(50);
    fireEvent.click(screen.getByRole("button", { name: "Show older (70)" }));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(100));
    fireEvent.click(screen.getByRole("button", { name: "Show older (20)" }));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(120));
    expect(screen.queryByRole("button", { name: /^Show older/ })).toBeNull();
    const links = within(list).getAllByRole("link").map((l) => l.textContent);
    expect([links[0], links[119]]).toEqual(["Turn 120 has started.", "Turn 1 has started."]);
    expect(requests.map((r) => r.key)).toEqual([
      "GET /v1/notifications?limit=50&offset=0",
      "GET /v1/notifications?limit=50&offset=50",
      "GET /v1/notifications?limit=50&offset=100",
    ]);
  });

  it("shows the unread count as a badge, none at zero", () => {
    const { rerender } = wrap(<InboxLink unread={4} />);
    expect(screen.getByRole("link").textContent).toContain("4");
    expect(screen.getByTestId("unread-badge").textContent).toBe("4");
    rerender(
      <I18nProvider>
        <InboxLink unread={0} />
      </I18nProvider>,
    );
    expect(screen.queryByTestId("unread-badge")).toBeNull();
  });
});

describe("the email address", () => {
  it("shows the address unconfirmed; a refused new one keeps what was typed; remove", async () => {
    let current: unknown = { address: "a@example.org", confirmed: false, confirmed_at: null, unsubscribed: false };
    const requests = serve({
      "GET /v1/users/me/email": () => (current ? json(current) : problem(404, "No email address.", "email.none")),
      "PUT /v1/users/me/email": () => problem(409, "This address belongs to another account.", "email.taken"),
      "DELETE /v1/users/me/email": () => {
        current = null;
        return new Response(null, { status: 204 });
      },
    });
    wrap(<EmailSettings />);
    // Nothing is asked until the player opens it (no address: a 404 the browser logs, issue 44).
    expect(requests.some((r) => r.key === "GET /v1/users/me/email")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Show or change my address" }));
    expect((await screen.findByTestId("email-current")).textContent).toContain("not confirmed yet");
    fireEvent.change(screen.getByLabelText("New email address"), { target: { value: "b@example.org" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("belongs to another account");
    expect(alert.getAttribute("data-code")).toBe("email.taken");
    expect((screen.getByLabelText("New email address") as HTMLInputElement).value).toBe("b@example.org");
    expect(requests.find((r) => r.key === "PUT /v1/users/me/email")?.body).toBe(JSON.stringify({ address: "b@example.org" }));
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(/No email address/)).toBeTruthy();
  });

  it("sends the current password the server asks for to change the address", async () => {
    const requests = serve({
      "GET /v1/users/me/email": () => problem(404, "No email address.", "not_found"),
      "PUT /v1/users/me/email": () => json({ address: "b@example.org", confirmed: false, confirmed_at: null, unsubscribed: false }, 202),
    });
    wrap(<EmailSettings />);
    fireEvent.click(screen.getByRole("button", { name: "Show or change my address" }));
    await screen.findByText(/No email address/);
    fireEvent.change(screen.getByLabelText("Email address to use"), { target: { value: "b@example.org" } });
    fireEvent.change(screen.getByLabelText("Current password"), { target: { value: "my secret" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("status")).textContent).toContain("confirmation link");
    expect(JSON.parse(requests.find((r) => r.key === "PUT /v1/users/me/email")?.body ?? "{}")).toEqual({ address: "b@example.org", current_password: "my secret" });
  });
});

describe("password reset", () => {
  it("asks for a link from the sign-in page and shows the server's answer", async () => {
    const requests = serve({
      "POST /v1/auth/password-reset": () => json({ detail: "If this address is confirmed, a link was sent to it." }, 202),
    });
    wrap(<Auth />, false);
    fireEvent.click(screen.getByRole("button", { name: "Forgot your password?" }));
    fireEvent.change(screen.getByLabelText("Email address"), { target: { value: "a@example.org" } });
    fireEvent.click(screen.getByRole("button", { name: "Send the link" }));
    expect((await screen.findByRole("status")).textContent).toContain("a link was sent");
    expect(requests.find((r) => r.key === "POST /v1/auth/password-reset")?.body).toBe(JSON.stringify({ address: "a@example.org" }));
  });

  it("takes the token from ?token=, and a refusal keeps the new password typed", async () => {
    window.history.pushState(null, "", "/reset-password?token=secret-of-the-link-1234");
    const requests = serve({
      "POST /v1/auth/password-reset/confirm": () => problem(400, "This link has expired.", "auth.reset_expired"),
    });
    wrap(<ResetPassword />, false);
    expect((screen.getByLabelText("Reset token (from the email)") as HTMLInputElement).value).toBe("secret-of-the-link-1234");
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: "a-new-password" } });
    fireEvent.click(screen.getByRole("button", { name: "Set the password" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("This link has expired.");
    expect(alert.getAttribute("data-code")).toBe("auth.reset_expired");
    expect((screen.getByLabelText("New password") as HTMLInputElement).value).toBe("a-new-password");
    expect(JSON.parse(requests[0]?.body ?? "{}")).toEqual({ token: "secret-of-the-link-1234", new_password: "a-new-password" });
  });
});

const check = (over: Partial<Schemas["RosterCheckRead"]> = {}): Schemas["RosterCheckRead"] => ({
  tier: 1,
  army_points_cap: 1000,
  general_points_cap: 250,
  army_points: 1150,
  general_points: 200,
  army_points_excess: 150,
  general_points_excess: 0,
  fits: false,
  ...over,
});
const roster = (over: Partial<Schemas["RosterRead"]> = {}): Schemas["RosterRead"] => ({
  army_id: 5,
  owner: 1,
  format: "text",
  filename: null,
  name: "Iron Host",
  faction: "Dwarfs",
  game_system: "The Old World",
  total_points: 1350,
  general_points: 200,
  units: [{ name: "Thane", count: 1, points: 200, options: "shield", general: true }],
  warnings: ["The list names Dwarfs, your faction is the Empire."],
  uploaded_at: "2026-12-01T10:00:00Z",
  check: check(),
  ...over,
});

describe("army lists", () => {
  it("a refused paste keeps the text and shows the rule; an accepted one shows the excess and warnings; detach", async () => {
    let refuse = true;
    let current: Schemas["RosterRead"] | null = null;
    const path = `/v1/campaigns/${CAMPAIGN}/armies/5/roster`;
    const requests = serve({
      [`GET ${path}`]: () => (current ? json(current) : problem(404, "No list.", "roster.none")),
      [`PUT ${path}`]: () => {
        if (refuse) {
          refuse = false;
          return problem(409, "A list is fixed while its army fights a pending battle.", "R-FOG-4");
        }
        current = roster();
        return json(current);
      },
      [`DELETE ${path}`]: () => {
        current = null;
        return new Response(null, { status: 204 });
      },
    });
    wrap(<RosterPanel campaignId={CAMPAIGN} armyId={5} />);
    expect(requests.some((r) => r.key === `GET ${path}`)).toBe(false); // asked once opened
    fireEvent.click(screen.getByRole("button", { name: "Show or attach the army list" }));
    expect(await screen.findByText("No list attached.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Or paste the list as text"), { target: { value: "Iron Host [1350 pts]" } });
    fireEvent.click(screen.getByRole("button", { name: "Attach the list" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("fixed while its army fights");
    expect(alert.textContent).toContain("R-FOG-4");
    expect((screen.getByLabelText("Or paste the list as text") as HTMLTextAreaElement).value).toBe("Iron Host [1350 pts]");
    fireEvent.click(screen.getByRole("button", { name: "Attach the list" }));
    const shown = await screen.findByTestId("roster-check");
    expect(shown.textContent).toContain("Exceeds the caps");
    expect(shown.textContent).toContain("1150/1000 (+150)");
    expect(within(screen.getByRole("list", { name: "Warnings" })).getByText(/your faction is the Empire/)).toBeTruthy();
    expect(JSON.parse(requests.filter((r) => r.key.startsWith("PUT")).at(-1)?.body ?? "{}")).toEqual({
      content: "Iron Host [1350 pts]",
      base64: false,
      filename: null,
      format: null,
    });
    fireEvent.click(screen.getByRole("button", { name: "Detach the list" }));
    expect(await screen.findByText("No list attached.")).toBeTruthy();
  });

  it("sends a .rosz as base64 and a text file as its text", async () => {
    const zip = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff])], "host.rosz");
    expect(await uploadOfFile(zip)).toEqual({ content: "UEsDBP8=", base64: true, filename: "host.rosz", format: "rosz" });
    const owb = new File(['{"name":"Iron Host"}'], "host.owb.json", { type: "application/json" });
    expect(await uploadOfFile(owb)).toEqual({ content: '{"name":"Iron Host"}', base64: false, filename: "host.owb.json", format: null });
  });

  it("shows both sides' lists on a battle that carries them", () => {
    wrap(
      <BattleRosters
        rosters={[
          { side: "attacker", army_id: 5, exceeds_caps: true, roster: roster() },
          { side: "defender", army_id: 9, exceeds_caps: false, roster: roster({ army_id: 9, owner: 2, name: "Reikland", check: check({ fits: true, army_points: 900, army_points_excess: 0 }), warnings: [] }) },
        ]}
      />,
    );
    const sides = screen.getByTestId("battle-rosters");
    expect(within(sides).getByText(/Attacker · #5 · Exceeds the caps/)).toBeTruthy();
    expect(within(sides).getByText(/Defender · #9/)).toBeTruthy();
    expect(within(sides).getByText("Reikland")).toBeTruthy();
    expect(within(sides).getAllByTestId("roster-check").map((c) => c.dataset["fits"])).toEqual(["false", "true"]);
  });
});
