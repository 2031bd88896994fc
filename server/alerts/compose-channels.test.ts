import { describe, expect, it } from "vitest";
import { CHANNEL_IDS, describeChannel } from "#core/channels.ts";
import { composeAlertMessage } from "./compose.ts";

const alert = (channel: (typeof CHANNEL_IDS)[number]) =>
  composeAlertMessage({
    kind: "alert",
    channel,
    to: "x",
    language: "en",
    source: "card",
    ownerName: "Olivia",
    tagId: "WB-ABCDE",
    latitude: "48.856614",
    longitude: "2.352222",
    raisedAt: new Date("2026-11-23T14:02:00Z"),
    ackUrl: "http://localhost:3000/ack/t",
  });

describe("each channel's message takes the shape its descriptor names (decision 125)", () => {
  it("email has a subject and a body of lines; SMS and WhatsApp one short text; voice speech", () => {
    for (const channel of CHANNEL_IDS) {
      const message = alert(channel);
      const shape = describeChannel(channel).shape;
      expect(message.channel).toBe(channel);
      expect(message.subject !== undefined, channel).toBe(shape === "mail");
      expect(message.body.includes("\n"), channel).toBe(shape === "mail");
      if (shape === "spoken") expect(message.body).toMatch(/^This is SafeTap/);
    }
  });

  it("carries the map link exactly on the channels that carry a location", () => {
    for (const channel of CHANNEL_IDS) {
      expect(
        alert(channel).body.includes("https://maps.google.com/?q=48.856614,2.352222"),
        channel,
      ).toBe(describeChannel(channel).carriesLocation);
    }
  });
});
