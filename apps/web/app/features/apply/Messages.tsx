/** General messages above the button (the server's own words), announced when they appear. */
export function Messages({ messages }: { messages: string[] }) {
  return (
    <div className="apply-messages" role="alert">
      {messages.map((message, index) => (
        <p key={index} className="apply-messages__item">
          {message}
        </p>
      ))}
    </div>
  );
}
