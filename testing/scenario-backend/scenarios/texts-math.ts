/**
 * `math`: formulas with each delimiter, a price that must stay text, and a `\href` that must not
 * become a link.
 */
export const MATH_ANSWER = String.raw`The roots of $ax^2 + bx + c = 0$ are

$$
x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}
$$

With brackets: \(e^{i\pi} + 1 = 0\) and \[\int_0^1 x\,dx = \tfrac12\].

It costs $5 and $10 a month.

Not a link: $\href{javascript:window.__pwned=1}{click}$.
`;
