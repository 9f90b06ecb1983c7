"""What tests share: engine states (`engine`), HTTP game flows (`flows`) and database planting
(`planting`). A test module imports from here, never from another test module
(tests/test_test_imports.py)."""
