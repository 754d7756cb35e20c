; S003 (comments removed) blanks every node this query captures @comment
; (functions.h, FunctionParser::BlankComments; query_captures.h runs it):
; each byte but '\n' becomes a space. A comment inside a captured comment is
; part of it, blanked once.
(comment) @comment

; A docstring, captured @docstring and blanked whole: the first statement of
; a module or of a block (a def's or class's body, any block) that is not a
; comment, when it is an expression_statement whose one named child is a
; string ("a" "b" is a concatenated_string: not a docstring; a comment inside
; the statement is a second named child: not one either). The anchors say
; "first" and "one": `.` before a child pattern matches the first named
; child, between two patterns adjacent named children, after one the last.
;
; One detail is not expressible here and is a post-check in C++ on the
; captured node (functions.cc, BlankComments): a docstring followed by ';'
; ("\"\"\"doc\"\"\"; x = 1") keeps an empty tuple in its place, its first
; byte '(' and its last ')', so what follows the ';' still parses.
(module . (comment)* . (expression_statement . (string) .) @docstring)
(block . (comment)* . (expression_statement . (string) .) @docstring)
