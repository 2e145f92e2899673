"""The checker of English in the Japanese notebooks' stored outputs (tools/english_outputs.py,
issue 40) finds a planted English line, a table header and a drawing's title, and lets names,
card codes, rule ids and pictures' plain text pass; it lets code (paths, keys, ids) and what a
Japanese text cites (titles, italic names, a name's original) pass, but not English beside them."""

from __future__ import annotations

import nbformat

from tools.english_outputs import english_cells


def notebook(tmp_path, *outputs):
    cells = [nbformat.v4.new_code_cell("x", outputs=[output]) for output in outputs]
    path = tmp_path / "n.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=cells), path)
    return path


def test_english_is_found_in_lines_tables_and_drawings_but_not_in_names_codes_or_picture_texts(tmp_path):
    shown = nbformat.v4.new_output
    path = notebook(
        tmp_path,
        shown("stream", text="Ada の手札： QH 10S AD（T14）\n"),                          # names, codes, rule ids
        shown("display_data", data={"image/png": "", "text/plain": "<Figure size 600x300 with 1 Axes>"}),
        shown("stream", text="Ada holds 7D\n"),                                        # a planted English line
        shown("execute_result", data={"text/html": "<table><th>得点</th><th>playouts</th></table>",
                                      "text/plain": "points playouts"}),
        shown("display_data", data={"image/svg+xml": "<svg><title>queen of hearts</title><text>Q♥</text></svg>"}),
        shown("execute_result", data={"text/plain": "カードの台：ノートブックを実行すると遊べます。"}))
    assert english_cells(path) == [(2, ["holds"]), (3, ["playouts"]), (4, ["queen", "hearts"])]


def test_code_and_what_a_japanese_text_cites_pass_but_english_beside_them_is_found(tmp_path):
    shown = nbformat.v4.new_output
    path = notebook(
        tmp_path,
        shown("stream", text="拒否されました：rules.ranks は13以下、hands[1][1] も。kirifu-001・{'hands': 1}\n"),
        shown("execute_result", data={"text/markdown": (
            "### トラッポラ（Trappola）\nParlett『A History of Card Games』（Oxford University Press、1991年）、"
            "*Stovkahra*（ストフカフラ）、スート *spade*、pagat.com、形式（JSON Schema）")}),
        shown("stream", text="ルール（the rules of this game）\n"),       # not a name's original
        shown("stream", text="*this is english*、『題』 and more\n"),      # not a name; English beside a title
        shown("stream", text="Re・Cavallo、spade・Špády\n"))              # the court cards named in Italian
    assert english_cells(path) == [(2, ["the", "rules", "this", "game"]), (3, ["this", "english", "and", "more"]),
                                   (4, ["Cavallo"])]
