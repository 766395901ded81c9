/**
 * `/c/<id>`: one conversation, so a reload, Back/Forward and "open in new tab" land on it. The app
 * lives in the layout and reads the id from the address; conversations are in the browser only,
 * so the server has nothing to render here.
 */
export default function ConversationPage() {
  return null;
}
