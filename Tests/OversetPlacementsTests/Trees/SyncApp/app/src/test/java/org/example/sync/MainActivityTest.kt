package org.example.sync
class MainActivityTest { fun test() { println(R.string.edit_action) } }
