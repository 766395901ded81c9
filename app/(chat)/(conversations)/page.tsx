/** `/`: a new chat. The app lives in the layout; it reads the address itself. */
export default function NewChatPage() {
  return null;
}
