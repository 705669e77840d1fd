/** A document with five independent syntax errors (test/syntax/syntax-tree.test.ts lists them), for the tree's tests. */
export const FIVE_ERRORS = `name = "shop"
port = = 8080
tags = [web, 1 2, "x"]
server {
  host = "a" "b"
  ok = true
}
limits { max = (1 + }
retries = 3
debug = $
`;
